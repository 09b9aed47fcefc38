import t from 'tap'
import { normalizePhone, phoneRegionForTimezone } from '../../src/lib/phones.js'

t.test('differently written forms of one US number normalize alike in a US shop', async (t) => {
  const forms = ['(555) 010-2030', '555.010.2030', '+1 555 010 2030', '5550102030', '555-010-2030', '1-555-010-2030']
  for (const form of forms) t.equal(normalizePhone(form, 'US'), '+15550102030', form)
  t.not(normalizePhone('(555) 010-2031', 'US'), '+15550102030', 'another number stays another number')
})

t.test('the region decides numbers written without a country code', async (t) => {
  t.equal(normalizePhone('020 7946 0018', 'GB'), '+442079460018', 'London number in a GB shop')
  t.equal(normalizePhone('+44 20 7946 0018', 'GB'), '+442079460018', 'international form in a GB shop')
  t.equal(normalizePhone('+44 20 7946 0018', 'US'), '+442079460018', 'an explicit country code wins over the region')
  t.not(normalizePhone('020 7946 0018', 'US'), '+442079460018', 'a national UK form is not a UK number in a US shop')
  t.equal(normalizePhone('+1 555 010 2030', 'GB'), '+15550102030', 'a US number in international form in a GB shop')
})

t.test('values without digits normalize to null', async (t) => {
  t.equal(normalizePhone(null, 'US'), null)
  t.equal(normalizePhone(undefined, 'US'), null)
  t.equal(normalizePhone('', 'US'), null)
  t.equal(normalizePhone('call me', 'US'), null)
  t.equal(normalizePhone('() -', 'US'), null)
})

t.test('the phone region follows the shop time zone', async (t) => {
  t.equal(phoneRegionForTimezone('Europe/London'), 'GB')
  t.equal(phoneRegionForTimezone('America/Chicago'), 'US')
  t.equal(phoneRegionForTimezone('America/New_York'), 'US')
  t.equal(phoneRegionForTimezone('Europe/Berlin'), 'DE')
  t.equal(phoneRegionForTimezone('America/Toronto'), 'CA')
  t.equal(phoneRegionForTimezone('Australia/Sydney'), 'AU')
  t.equal(phoneRegionForTimezone('Not/A_Zone'), 'US', 'an unknown zone falls back to US')
})
