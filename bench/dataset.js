// The bench's own data set: a fresh database `shopapi_bench_<random>` on the given server, migrated,
// with one shop, one integration (and its key), and N customers with 1-2 vehicles each, an event per
// customer and integration-private external ids for some. Rows are generated here (seeded, so every
// run loads the same shapes) and inserted in batches through unnest(): one statement per batch.
// Then repair orders and jobs, and the shop's week, closures and a year of appointments.
// This bulk part is the shop's history the other resources hang on (a few thousand customers are
// enough); the customers the customer scenarios read are seeded afterwards through the API by run.js
// (customerCreateBodies gives their bodies), as an integration's import would.
import pg from 'pg'
import { runMigrations } from '../dist/db/migrate.js'
import { newPublicId, randomBase62 } from '../dist/lib/ids.js'
import { normalizePhone } from '../dist/lib/phones.js'
import { addDays, dateIn, resolveWallClock, weekdayOf } from '../dist/lib/wall-clock.js'
import { createIntegration } from '../dist/platform/tenancy/integrations.js'
import { createShop } from '../dist/platform/tenancy/shops.js'

export const benchScopes = [
  'shop.read',
  'customers.read',
  'customers.write',
  'vehicles.read',
  'repair_orders.read',
  'pricing.read',
  'appointments.read',
  'appointments.write',
  'invoices.read',
]

const firstNames = `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan
  Joseph Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret
  Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George
  Deborah Timothy Stephanie Ronald Rebecca Jason Sharon Edward Laura Jeffrey Cynthia Ryan Dorothy Jacob Amy Gary
  Kathleen Nicholas Angela Eric Shirley Jonathan Emma Stephen Brenda Larry Pamela Justin Nicole Scott Anna Brandon
  Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria
  Jack Olivia Dennis Heather Jerry Helen Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan Joyce Henry Lauren
  Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia Ethan Judith Jeremy Evelyn Christian Hannah Walter
  Andrea Keith Megan Austin Cheryl Roger Jacqueline Terry Madison Sean Teresa Gerald Abigail Carl Sophia Dylan Martha
  Harold Sara Jordan Gloria Jesse Janice Bryan Kathryn Lawrence Ann Arthur Isabella Gabriel Judy Bruce Charlotte Logan
  Julia Billy Grace Joe Amber Alan Alice Juan Jean Elijah Denise Willie Frances Albert Danielle Wayne Marilyn Randy
  Natalie Mason Beverly Vincent Diana Liam Brittany Roy Theresa Bobby Kayla Caleb Alexis Bradley Doris Russell Lori
  Lucas Tiffany Priya Wei Hiroshi Mei Ahmed Fatima Carlos Sofia Luis Camila Miguel Valentina Diego Lucia Javier Ana
  Mateo Ximena Raj Ananya Arjun Aisha Omar Leila Yusuf Amara Kwame Ngozi Chen Yuki Kenji Sakura Dmitri Olga Ivan Anya
  Pierre Chloe Luca Giulia Hans Greta Sven Ingrid Sean Siobhan Tomasz Katarzyna Nguyen Linh Minh Thao`
  .split(/\s+/)
  .filter(Boolean)

const lastNames = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
  Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis
  Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell
  Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales
  Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson
  Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross
  Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez
  Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant
  Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald
  Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter
  Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose
  Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner
  Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Hansen Peters Santos Hart Bradley Knight Elliott Cunningham
  Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena
  Richards Contreras Willis Carpenter Lawrence Sandoval OBrien Kowalski Nowak Yamamoto Tanaka Suzuki Watanabe Singh
  Sharma Gupta Khan Ali Hussain Okafor Mensah Osei Novak Petrov Ivanova Schneider Fischer Weber Rossi Russo Ferrari
  Dubois Lefebvre Moreau Larsen Johansson Lindqvist Murphy Byrne Walsh Oconnor Pham Hoang Vo Dang Bui Zhang Wang Liu`
  .split(/\s+/)
  .filter(Boolean)

const emailDomains = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'aol.com',
  'comcast.net',
  'att.net',
  'proton.me',
  'verizon.net',
]
const companyWords = `Acme Summit Blue Ridge Prairie Lakeside Metro Valley Northstar Pioneer Keystone Redwood Granite
  Harbor Liberty Eagle Cardinal Riverbend Capitol Frontier Heritage Ironwood Silverline`
  .split(/\s+/)
  .filter(Boolean)
const companySuffixes = [
  'Plumbing',
  'Landscaping',
  'Logistics',
  'Electric',
  'Construction',
  'Delivery',
  'Realty',
  'HVAC',
  'Roofing',
  'Courier',
  'Rentals',
  'Catering',
]
const companyForms = ['LLC', 'Inc.', 'Co.', 'Group', '']
const cities = [
  ['Chicago', 'IL', '606', '312'],
  ['Naperville', 'IL', '605', '630'],
  ['Evanston', 'IL', '602', '847'],
  ['Aurora', 'IL', '605', '630'],
  ['Joliet', 'IL', '604', '815'],
  ['Milwaukee', 'WI', '532', '414'],
  ['Madison', 'WI', '537', '608'],
  ['Gary', 'IN', '464', '219'],
  ['Indianapolis', 'IN', '462', '317'],
  ['Detroit', 'MI', '482', '313'],
  ['Saint Louis', 'MO', '631', '314'],
  ['Minneapolis', 'MN', '554', '612'],
  ['Des Moines', 'IA', '503', '515'],
  ['Columbus', 'OH', '432', '614'],
  ['Austin', 'TX', '787', '512'],
  ['Denver', 'CO', '802', '303'],
]
const streets = `Main Oak Maple Cedar Pine Elm Washington Lake Hill Park Sunset Lincoln Jackson Church River Highland
  Madison Walnut Spring Ridge Cherry Forest Meadow Grove`
  .split(/\s+/)
  .filter(Boolean)
const streetTypes = ['St', 'Ave', 'Rd', 'Blvd', 'Dr', 'Ln', 'Ct', 'Way']
const tagPool = ['vip', 'fleet', 'warranty', 'referral', 'commercial', 'senior-discount', 'first-responder', 'military']
const archiveReasons = ['moved away', 'duplicate', 'requested deletion', 'no visits in 2 years', null]
const noteTexts = [
  'Prefers morning drop-off.',
  'Always wants the old parts back.',
  'Call before any work over $300.',
  'Waits in the lobby; offer coffee.',
  'Has a second car at a different address.',
  'Pays by company card.',
  'Spanish preferred.',
  'Loaner needed for anything over a day.',
]
const vehicleModels = [
  ['Toyota', 'Camry', ['LE', 'SE', 'XLE'], '2.5L I4'],
  ['Toyota', 'Corolla', ['L', 'LE', 'SE'], '1.8L I4'],
  ['Toyota', 'RAV4', ['LE', 'XLE', 'Limited'], '2.5L I4'],
  ['Toyota', 'Tacoma', ['SR', 'SR5', 'TRD Off-Road'], '3.5L V6'],
  ['Honda', 'Civic', ['LX', 'EX', 'Sport'], '2.0L I4'],
  ['Honda', 'Accord', ['LX', 'EX-L', 'Touring'], '1.5L Turbo I4'],
  ['Honda', 'CR-V', ['LX', 'EX', 'EX-L'], '1.5L Turbo I4'],
  ['Ford', 'F-150', ['XL', 'XLT', 'Lariat'], '3.5L V6 EcoBoost'],
  ['Ford', 'Escape', ['S', 'SE', 'Titanium'], '1.5L I3'],
  ['Ford', 'Transit', ['Cargo', 'Passenger'], '3.5L V6'],
  ['Chevrolet', 'Silverado 1500', ['WT', 'LT', 'RST'], '5.3L V8'],
  ['Chevrolet', 'Equinox', ['LS', 'LT', 'Premier'], '1.5L Turbo I4'],
  ['Chevrolet', 'Malibu', ['LS', 'LT'], '1.5L Turbo I4'],
  ['Nissan', 'Altima', ['S', 'SV', 'SR'], '2.5L I4'],
  ['Nissan', 'Rogue', ['S', 'SV', 'SL'], '2.5L I4'],
  ['Hyundai', 'Elantra', ['SE', 'SEL'], '2.0L I4'],
  ['Hyundai', 'Tucson', ['SE', 'SEL', 'Limited'], '2.5L I4'],
  ['Kia', 'Sorento', ['LX', 'S', 'EX'], '2.5L I4'],
  ['Subaru', 'Outback', ['Base', 'Premium', 'Limited'], '2.5L H4'],
  ['Jeep', 'Grand Cherokee', ['Laredo', 'Limited'], '3.6L V6'],
  ['Ram', '1500', ['Tradesman', 'Big Horn', 'Laramie'], '5.7L V8 HEMI'],
  ['Tesla', 'Model 3', ['Standard', 'Long Range'], 'Electric'],
  ['BMW', '330i', ['Base', 'xDrive'], '2.0L Turbo I4'],
  ['Volkswagen', 'Jetta', ['S', 'SE'], '1.5L Turbo I4'],
]
const colors = ['White', 'Black', 'Gray', 'Silver', 'Blue', 'Red', 'Green', 'Brown', 'Beige', null]
const vinAlphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'
const plateAlphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'

/** A small seeded PRNG (mulberry32): the same seed loads the same shapes. */
function prng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Customers as an integration sends them to POST /v1/customers (the API-seeded part of the bench's data
 * set): the same name, contact and address distributions as the bulk load, seeded, as create bodies.
 * Returns a function giving the next body (an object) on each call.
 */
export function customerCreateBodies(seed = 1042) {
  const random = prng(seed)
  const pick = (list) => list[Math.floor(random() * list.length)]
  const digits = (n) => {
    let out = ''
    for (let i = 0; i < n; i++) out += Math.floor(random() * 10)
    return out
  }
  return () => {
    const first = pick(firstNames)
    const last = pick(lastNames)
    const fleet = random() < 0.06
    const [city, region, zipPrefix, areaCode] = pick(cities)
    const local = random() < 0.5 ? `${first}.${last}` : `${first[0]}${last}${Math.floor(random() * 1000)}`
    const body = {
      first_name: first,
      last_name: last,
      company_name: fleet ? `${pick(companyWords)} ${pick(companySuffixes)}` : null,
      email: random() < 0.85 ? `${local.toLowerCase()}@${pick(emailDomains)}` : null,
      phone: random() < 0.92 ? `(${areaCode}) ${2 + Math.floor(random() * 8)}${digits(2)}-${digits(4)}` : null,
      address: random() < 0.7 ? `${1 + Math.floor(random() * 9800)} ${pick(streets)} ${pick(streetTypes)}` : null,
      city,
      region,
      postal_code: `${zipPrefix}${digits(2)}`,
      country: 'US',
      preferred_contact: pick(['sms', 'sms', 'email', 'phone', null]),
      consent: { sms_transactional: random() < 0.7, email_transactional: random() < 0.8 },
      tags: fleet ? ['fleet'] : random() < 0.2 ? [pick(tagPool)] : [],
      fleet_account: fleet,
    }
    return body
  }
}

function withDatabaseName(url, database) {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/**
 * Creates and loads the bench database. Returns its URL, the shop, the integration and its key, and
 * `drop()` (drops the database, forcing out any connection left).
 */
export async function createBenchDatabase(serverUrl, options) {
  const { customers: total, batchSize = 10_000, seed = 42, log } = options
  const name = `shopapi_bench_${randomBase62(8).toLowerCase()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = withDatabaseName(serverUrl, name)
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(`drop database if exists ${name} with (force)`)
    } finally {
      await client.end()
    }
  }
  try {
    await runMigrations(url)
    const pool = new pg.Pool({ connectionString: url, max: 4 })
    pool.on('error', () => {})
    try {
      const shop = await createShop(pool, { name: 'Bench Auto Repair', timezone: 'America/Chicago', currency: 'USD' })
      const created = await createIntegration(pool, { shop: shop.public_id, name: 'bench', scopes: benchScopes })
      const started = Date.now()
      // The trigram (GIN) indexes cost most per inserted row (a vehicle's random VIN alone has 15+ new
      // trigrams): load without them and build them once at the end, from their own definitions.
      const trigram = await pool.query(
        `select indexname, indexdef from pg_indexes
         where schemaname = 'public' and tablename in ('customers', 'vehicles') and indexdef like '% USING gin %'`,
      )
      for (const index of trigram.rows) await pool.query(`drop index ${index.indexname}`)
      const counts = await loadCustomers(pool, {
        shopId: shop.id,
        integrationId: created.integration.id,
        total,
        batchSize,
        seed,
        log,
      })
      const indexing = Date.now()
      const client = await pool.connect()
      try {
        await client.query("set maintenance_work_mem = '256MB'")
        for (const index of trigram.rows) await client.query(index.indexdef)
      } finally {
        client.release()
      }
      log(
        `rebuilt ${trigram.rows.map((i) => i.indexname).join(', ')} in ${((Date.now() - indexing) / 1000).toFixed(1)} s`,
      )
      log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s; vacuum analyze`)
      // What autovacuum would have done on a database that grew to this size: statistics for the
      // planner, the visibility map, and the trigram index's pending list merged.
      await pool.query('vacuum analyze')
      // Repair orders, jobs and appointments are loaded after it and never analyzed: their lists are
      // measured right after a bulk load, on whatever statistics the planner has (none), as a shop's
      // first day would.
      counts.shopFloor = await loadShopFloor(pool, { shopId: shop.id, log })
      const calendar = await loadCalendar(pool, { shop, seed, log })
      counts.appointments = calendar.appointments
      return {
        name,
        url,
        shop,
        integration: created.integration,
        key: created.plaintextKey,
        counts,
        calendar,
        drop,
      }
    } finally {
      await pool.end()
    }
  } catch (error) {
    await drop().catch(() => {})
    throw error
  }
}

async function loadCustomers(pool, { shopId, integrationId, total, batchSize, seed, log }) {
  const random = prng(seed)
  const pick = (list) => list[Math.floor(random() * list.length)]
  const digits = (n) => {
    let out = ''
    for (let i = 0; i < n; i++) out += Math.floor(random() * 10)
    return out
  }
  const chars = (alphabet, n) => {
    let out = ''
    for (let i = 0; i < n; i++) out += alphabet[Math.floor(random() * alphabet.length)]
    return out
  }

  // created_at over the last ~3 years, a shop that grows (more customers recently), in order: rows
  // are inserted as they would have been, so the heap's order follows created_at as in production.
  const now = Date.now()
  const span = 3 * 365 * 86_400_000
  const createdTimes = Array.from({ length: total }, () => now - span * (1 - Math.sqrt(random())))
  createdTimes.sort((a, b) => a - b)

  const client = await pool.connect()
  let vehiclesTotal = 0
  let archivedTotal = 0
  let externalTotal = 0
  let insertMs = 0
  try {
    // A bulk load: no commit waits, no JIT for the one big statement per batch, and (when the role may)
    // no per-row foreign-key triggers, the rows being generated consistent with each other.
    await client.query('set synchronous_commit = off; set jit = off')
    const skipTriggers = await client
      .query("set session_replication_role = 'replica'")
      .then(() => true)
      .catch(() => false)
    for (let start = 0; start < total; start += batchSize) {
      const end = Math.min(total, start + batchSize)
      const c = {
        public_id: [],
        first_name: [],
        last_name: [],
        company_name: [],
        email: [],
        phone: [],
        phone_normalized: [],
        phone_alt: [],
        phone_alt_normalized: [],
        address_line1: [],
        address_city: [],
        address_region: [],
        address_postal_code: [],
        address_country: [],
        preferred_contact: [],
        consent_sms_transactional: [],
        consent_sms_marketing: [],
        consent_email_transactional: [],
        consent_email_marketing: [],
        consent_voice: [],
        consent_do_not_call: [],
        notes: [],
        tags: [],
        fleet_account: [],
        tax_exempt: [],
        archived_at: [],
        archive_reason: [],
        version: [],
        created_at: [],
        updated_at: [],
        event_id: [],
        external_id: [],
      }
      const v = {
        customer_public_id: [],
        public_id: [],
        vin: [],
        year: [],
        make: [],
        model: [],
        trim: [],
        engine: [],
        color: [],
        plate: [],
        plate_normalized: [],
        plate_region: [],
        unit_number: [],
        odometer: [],
        created_at: [],
      }
      for (let i = start; i < end; i++) {
        const first = pick(firstNames)
        const last = pick(lastNames)
        const fleet = random() < 0.06
        const company =
          fleet || random() < 0.04
            ? `${pick(companyWords)} ${pick(companySuffixes)} ${pick(companyForms)}`.trim()
            : null
        const [city, region, zipPrefix, areaCode] = pick(cities)
        const emailStyle = random()
        const local =
          emailStyle < 0.4
            ? `${first}.${last}`
            : emailStyle < 0.7
              ? `${first[0]}${last}${Math.floor(random() * 100)}`
              : emailStyle < 0.9
                ? `${first}${last[0]}${1950 + Math.floor(random() * 55)}`
                : `${last}.${first}`
        const email = random() < 0.85 ? `${local.toLowerCase()}@${pick(emailDomains)}` : null
        const phoneStyle = random()
        const exchange = `${2 + Math.floor(random() * 8)}${digits(2)}`
        const line = digits(4)
        const phone =
          phoneStyle < 0.08
            ? null
            : phoneStyle < 0.5
              ? `(${areaCode}) ${exchange}-${line}`
              : phoneStyle < 0.8
                ? `${areaCode}-${exchange}-${line}`
                : `+1 ${areaCode} ${exchange} ${line}`
        const phoneAlt =
          random() < 0.2 ? `${pick(cities)[3]}.${2 + Math.floor(random() * 8)}${digits(2)}.${digits(4)}` : null
        const created = Math.floor(createdTimes[i])
        const archived = random() < 0.05
        const updates = random() < 0.35 ? 1 + Math.floor(random() * 4) : 0
        const updated = archived || updates > 0 ? created + Math.floor(random() * (now - created)) : created
        const tagCount = random() < 0.2 ? 1 + Math.floor(random() * 2) : 0
        const tags = new Set(fleet ? ['fleet'] : [])
        for (let t = 0; t < tagCount; t++) tags.add(pick(tagPool))
        const publicId = newPublicId('customer')

        c.public_id.push(publicId)
        c.first_name.push(first)
        c.last_name.push(last)
        c.company_name.push(company)
        c.email.push(email)
        c.phone.push(phone)
        c.phone_normalized.push(normalizePhone(phone, 'US'))
        c.phone_alt.push(phoneAlt)
        c.phone_alt_normalized.push(normalizePhone(phoneAlt, 'US'))
        c.address_line1.push(
          random() < 0.7 ? `${1 + Math.floor(random() * 9800)} ${pick(streets)} ${pick(streetTypes)}` : null,
        )
        c.address_city.push(city)
        c.address_region.push(region)
        c.address_postal_code.push(`${zipPrefix}${digits(2)}`)
        c.address_country.push('US')
        c.preferred_contact.push(pick(['sms', 'sms', 'email', 'phone', null]))
        c.consent_sms_transactional.push(random() < 0.7)
        c.consent_sms_marketing.push(random() < 0.25)
        c.consent_email_transactional.push(email !== null && random() < 0.8)
        c.consent_email_marketing.push(email !== null && random() < 0.3)
        c.consent_voice.push(random() < 0.5)
        c.consent_do_not_call.push(random() < 0.03)
        c.notes.push(random() < 0.1 ? pick(noteTexts) : null)
        c.tags.push([...tags].join(','))
        c.fleet_account.push(fleet)
        c.tax_exempt.push(fleet && random() < 0.3)
        c.archived_at.push(archived ? new Date(updated).toISOString() : null)
        c.archive_reason.push(archived ? pick(archiveReasons) : null)
        c.version.push(1 + updates + (archived ? 1 : 0))
        c.created_at.push(new Date(created).toISOString())
        c.updated_at.push(new Date(updated).toISOString())
        c.event_id.push(newPublicId('event'))
        const external = random() < 0.3
        c.external_id.push(external ? `crm-${String(100_000 + i)}` : null)
        if (archived) archivedTotal++
        if (external) externalTotal++

        const vehicleCount = random() < 0.65 ? 1 : 2
        for (let n = 0; n < vehicleCount; n++) {
          const [make, model, trims, engine] = pick(vehicleModels)
          const plate = `${chars(plateAlphabet, 3)} ${chars(plateAlphabet, 4)}`
          const vehicleCreated = n === 0 ? created : created + Math.floor(random() * (now - created))
          v.customer_public_id.push(publicId)
          v.public_id.push(newPublicId('vehicle'))
          v.vin.push(random() < 0.9 ? chars(vinAlphabet, 17) : null)
          v.year.push(1998 + Math.floor(random() * 28))
          v.make.push(make)
          v.model.push(model)
          v.trim.push(random() < 0.8 ? pick(trims) : null)
          v.engine.push(random() < 0.6 ? engine : null)
          v.color.push(pick(colors))
          v.plate.push(random() < 0.95 ? plate : null)
          v.plate_normalized.push(random() < 0.95 ? plate.replace(/\s/g, '') : null)
          v.plate_region.push(region)
          v.unit_number.push(fleet ? `U-${digits(3)}` : null)
          v.odometer.push(random() < 0.8 ? 5_000 + Math.floor(random() * 180_000) : null)
          v.created_at.push(new Date(vehicleCreated).toISOString())
        }
      }
      vehiclesTotal += v.public_id.length
      const insertStarted = Date.now()
      await insertBatch(client, shopId, integrationId, c, v)
      insertMs += Date.now() - insertStarted
      log(
        `loaded ${end.toLocaleString('en-US')}/${total.toLocaleString('en-US')} customers (${vehiclesTotal.toLocaleString('en-US')} vehicles)`,
      )
    }
    if (skipTriggers) await client.query('reset session_replication_role')
  } finally {
    client.release()
  }
  log(`(${(insertMs / 1000).toFixed(1)} s of that in the inserts)`)
  return { customers: total, vehicles: vehiclesTotal, archived: archivedTotal, externalIds: externalTotal }
}

async function insertBatch(client, shopId, integrationId, c, v) {
  await client.query(
    `with input as (
       select * from unnest(
         $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
         $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::boolean[], $19::boolean[],
         $20::boolean[], $21::boolean[], $22::boolean[], $23::boolean[], $24::text[], $25::text[], $26::boolean[],
         $27::boolean[], $28::timestamptz[], $29::text[], $30::int[], $31::timestamptz[], $32::timestamptz[],
         $33::text[], $34::text[]
       ) as t(public_id, first_name, last_name, company_name, email, phone, phone_normalized, phone_alt,
         phone_alt_normalized, address_line1, address_city, address_region, address_postal_code, address_country,
         preferred_contact, consent_sms_transactional, consent_sms_marketing, consent_email_transactional,
         consent_email_marketing, consent_voice, consent_do_not_call, notes, tags, fleet_account, tax_exempt,
         archived_at, archive_reason, version, created_at, updated_at, event_id, external_id)
     ),
     inserted as (
       insert into customers (shop_id, public_id, first_name, last_name, company_name, email, phone, phone_normalized,
         phone_alt, phone_alt_normalized, address_line1, address_city, address_region, address_postal_code,
         address_country, preferred_contact, consent_sms_transactional, consent_sms_marketing,
         consent_email_transactional, consent_email_marketing, consent_voice, consent_do_not_call, notes, tags,
         fleet_account, tax_exempt, archived_at, archive_reason, version, created_at, updated_at)
       select $1::uuid, public_id, first_name, last_name, company_name, email, phone, phone_normalized, phone_alt,
         phone_alt_normalized, address_line1, address_city, address_region, address_postal_code, address_country,
         preferred_contact, consent_sms_transactional, consent_sms_marketing, consent_email_transactional,
         consent_email_marketing, consent_voice, consent_do_not_call, notes,
         coalesce(string_to_array(nullif(tags, ''), ','), '{}'), fleet_account, tax_exempt, archived_at,
         archive_reason, version, created_at, updated_at
       from input order by created_at
       returning id, public_id
     ),
     vehicle_rows as (
       insert into vehicles (shop_id, public_id, customer_id, vin, year, make, model, trim, engine, color, plate,
         plate_normalized, plate_region, unit_number, odometer, created_at, updated_at)
       select $1::uuid, x.public_id, i.id, x.vin, x.year, x.make, x.model, x.trim, x.engine, x.color, x.plate,
         x.plate_normalized, x.plate_region, x.unit_number, x.odometer, x.created_at, x.created_at
       from unnest($35::text[], $36::text[], $37::text[], $38::int[], $39::text[], $40::text[], $41::text[],
         $42::text[], $43::text[], $44::text[], $45::text[], $46::text[], $47::text[], $48::int[], $49::timestamptz[])
         as x(customer_public_id, public_id, vin, year, make, model, trim, engine, color, plate, plate_normalized,
           plate_region, unit_number, odometer, created_at)
       join inserted i on i.public_id = x.customer_public_id
       order by x.created_at
       returning 1
     ),
     event_rows as (
       insert into events (shop_id, public_id, type, object_type, object_id, summary, integration_id, created_at)
       select $1::uuid, t.event_id, 'customer.created', 'customer', t.public_id,
         jsonb_build_object('first_name', t.first_name, 'last_name', t.last_name, 'company_name', t.company_name),
         null, t.created_at
       from input t order by t.created_at
       returning 1
     ),
     ref_rows as (
       insert into external_refs (shop_id, integration_id, object_type, object_id, external_id, created_at)
       select $1::uuid, $2::uuid, 'customer', i.id, t.external_id, t.created_at
       from input t join inserted i on i.public_id = t.public_id
       where t.external_id is not null
       returning 1
     )
     select (select count(*) from vehicle_rows) as vehicles, (select count(*) from event_rows) as events,
       (select count(*) from ref_rows) as refs`,
    [
      shopId,
      integrationId,
      c.public_id,
      c.first_name,
      c.last_name,
      c.company_name,
      c.email,
      c.phone,
      c.phone_normalized,
      c.phone_alt,
      c.phone_alt_normalized,
      c.address_line1,
      c.address_city,
      c.address_region,
      c.address_postal_code,
      c.address_country,
      c.preferred_contact,
      c.consent_sms_transactional,
      c.consent_sms_marketing,
      c.consent_email_transactional,
      c.consent_email_marketing,
      c.consent_voice,
      c.consent_do_not_call,
      c.notes,
      c.tags,
      c.fleet_account,
      c.tax_exempt,
      c.archived_at,
      c.archive_reason,
      c.version,
      c.created_at,
      c.updated_at,
      c.event_id,
      c.external_id,
      v.customer_public_id,
      v.public_id,
      v.vin,
      v.year,
      v.make,
      v.model,
      v.trim,
      v.engine,
      v.color,
      v.plate,
      v.plate_normalized,
      v.plate_region,
      v.unit_number,
      v.odometer,
      v.created_at,
    ],
  )
}

/**
 * Repair orders (one per vehicle, up to 20,000) and jobs (50 on each of 2,000 of them), generated in
 * the database: public ids are 22 hex characters (a subset of base62), amounts are decimal.
 */
async function loadShopFloor(pool, { shopId, log, repairOrders = 20_000, withJobs = 2_000, jobsEach = 50 }) {
  const started = Date.now()
  const states = ['estimating', 'authorized', 'in_progress', 'completed', 'invoiced', 'closed']
  await pool.query(
    `insert into repair_orders (shop_id, public_id, number_value, state, customer_id, vehicle_id, customer_concern,
       odometer_in, labor_total, parts_total, subtotal, tax_total, total, created_at, updated_at)
     select $1::uuid, 'ro_' || substr(md5(v.id::text), 1, 22), 1000 + v.n, ($3::text[])[1 + v.n % 6],
       v.customer_id, v.id, 'Customer states noise from the front left at speed', 20000 + v.n * 7,
       120.00, 80.50, 200.50, 16.54, 217.04, v.created_at + interval '1 day', v.created_at + interval '1 day'
     from (select id, customer_id, created_at, row_number() over (order by created_at) as n
           from vehicles where shop_id = $1::uuid and merged_into_id is null order by created_at limit $2) v`,
    [shopId, repairOrders, states],
  )
  await pool.query(
    `insert into shop_counters (shop_id, name, value)
     select $1::uuid, 'repair_order', max(number_value) from repair_orders where shop_id = $1::uuid`,
    [shopId],
  )
  await pool.query(
    `insert into jobs (shop_id, public_id, repair_order_id, name, kind, decision_state, execution_state, labor_hours,
       labor_total, parts_total, subtotal, tax_total, total, created_at, updated_at)
     select $1::uuid, 'job_' || substr(md5(ro.id::text || g::text), 1, 22), ro.id, 'Job ' || g, 'service',
       case when g % 3 = 0 then 'pending' else 'authorized' end, 'not_started', 1.50, 180.00, 45.00, 225.00,
       18.56, 243.56, ro.created_at + g * interval '1 minute', ro.created_at + g * interval '1 minute'
     from (select id, created_at from repair_orders where shop_id = $1::uuid order by created_at desc limit $2) ro,
       generate_series(1, $3::int) g`,
    [shopId, withJobs, jobsEach],
  )
  await loadInvoices(pool, shopId)
  const counts = await pool.query(
    `select (select count(*) from repair_orders where shop_id = $1::uuid)::int as repair_orders,
       (select count(*) from jobs where shop_id = $1::uuid)::int as jobs,
       (select count(*) from invoices where shop_id = $1::uuid)::int as invoices`,
    [shopId],
  )
  log(
    `loaded ${counts.rows[0].repair_orders} repair orders, ${counts.rows[0].jobs} jobs and ${counts.rows[0].invoices} invoices in ${((Date.now() - started) / 1000).toFixed(1)} s (not analyzed)`,
  )
  return counts.rows[0]
}

/** The bench shop's week: Monday-Saturday 08:00-18:00, closed on Sundays. */
export const benchWeek = { open: '08:00', close: '18:00', closedWeekday: 7 }
// The most shop_hours.capacity allows: the create scenario (tens of thousands of bookings over a
// year of dates) must never be refused for a full day, or it would measure 409s.
const benchDailyCapacity = 10_000

/**
 * The shop's week and two closures in the next month, then appointments (`total`) on the open dates
 * of the year around today (half before, half after), as the shop books them: 08:00-16:30 on the half
 * hour, 30-120 minutes within the day's hours, most with the customer's first vehicle, each with its
 * appointment.created event. Past ones are mostly fulfilled (some no-shows), coming ones booked;
 * some of both cancelled. Returns the count, today and the open dates of the next 365 days (what the
 * booking scenario draws from).
 */
async function loadCalendar(pool, { shop, seed, log, total = 30_000 }) {
  const started = Date.now()
  const random = prng(seed + 1)
  const today = dateIn(shop.timezone)
  await pool.query(
    `insert into shop_hours (shop_id, weekday, open_time, close_time, capacity)
     select $1::uuid, day, case when day = $4 then null else $2::time end, case when day = $4 then null else $3::time end,
       case when day = $4 then 0 else $5::integer end
     from generate_series(1, 7) day`,
    [shop.id, benchWeek.open, benchWeek.close, benchWeek.closedWeekday, benchDailyCapacity],
  )
  const closureDays = [9, 23].map((days) => {
    const date = addDays(today, days)
    return weekdayOf(date) === benchWeek.closedWeekday ? addDays(date, 1) : date
  })
  await pool.query(
    `insert into shop_closures (shop_id, date, reason) select $1::uuid, unnest($2::date[]), unnest($3::text[])`,
    [shop.id, closureDays, ['Staff training', 'Stock-taking']],
  )
  const closures = new Set(closureDays)
  const isOpen = (date) => weekdayOf(date) !== benchWeek.closedWeekday && !closures.has(date)
  const openDates = (from, days) =>
    Array.from({ length: days }, (_, i) => addDays(from, i)).filter((date) => isOpen(date))
  const yearAround = openDates(addDays(today, -182), 365)
  const customers = await pool.query(
    `select id from customers where shop_id = $1::uuid and archived_at is null and merged_into_id is null
     order by created_at, id`,
    [shop.id],
  )
  const pick = (list) => list[Math.floor(random() * list.length)]
  const now = Date.now()
  const closeMinute = Number(benchWeek.close.slice(0, 2)) * 60
  // The clocks change at night: every opening hour of a date has the offset its noon has (resolved
  // once per date, 30,000 resolutions would take seconds).
  const offsets = new Map(yearAround.map((date) => [date, resolveWallClock(date, '12:00', shop.timezone).utcOffset]))
  const rows = []
  for (let i = 0; i < total; i++) {
    const date = pick(yearAround)
    const startMinute = 8 * 60 + 30 * Math.floor(random() * 18)
    const duration = Math.min(pick([30, 60, 60, 60, 90, 120]), closeMinute - startMinute)
    const time = `${String(Math.floor(startMinute / 60)).padStart(2, '0')}:${String(startMinute % 60).padStart(2, '0')}`
    const utcOffset = offsets.get(date)
    const startsAt = Date.parse(`${date}T${time}:00${utcOffset}`)
    // Booked up to 30 days ahead; the ones further out during the last 60 days.
    const ahead = startsAt - 3_600_000 - Math.floor(random() * 30 * 86_400_000)
    const created = ahead < now ? ahead : now - 60_000 - Math.floor(random() * 60 * 86_400_000)
    const roll = random()
    const past = date < today
    const status = past
      ? roll < 0.8
        ? 'fulfilled'
        : roll < 0.86
          ? 'no_show'
          : 'cancelled'
      : roll < 0.88
        ? 'booked'
        : 'cancelled'
    const cancelled = status === 'cancelled' ? created + Math.floor(random() * Math.max(1, startsAt - created)) : null
    const arrived = status === 'fulfilled' ? startsAt - Math.floor(random() * 900_000) : null
    const updated = Math.min(now - 1_000, Math.max(created, cancelled ?? 0, arrived ?? 0, past ? startsAt : 0))
    rows.push({
      public_id: newPublicId('appointment'),
      status,
      date,
      time,
      starts_at: new Date(startsAt).toISOString(),
      utc_offset: utcOffset,
      duration,
      customer_id: pick(customers.rows).id,
      with_vehicle: random() < 0.85,
      cancelled_at: cancelled === null ? null : new Date(cancelled).toISOString(),
      arrived_at: arrived === null ? null : new Date(arrived).toISOString(),
      version: status === 'booked' ? 1 : 2,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
    })
  }
  // In the order they were booked, as the heap would hold them.
  rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
  const column = (name) => rows.map((row) => row[name])
  // As the customers' bulk load: no per-row foreign-key triggers when the role may skip them (the
  // customers and vehicles were read from the database), which would take most of the time.
  const client = await pool.connect()
  try {
    await client.query('set jit = off')
    const skipTriggers = await client
      .query("set session_replication_role = 'replica'")
      .then(() => true)
      .catch(() => false)
    await client.query(
      `with input as (
         select * from unnest($3::text[], $4::text[], $5::date[], $6::time[], $7::timestamptz[], $8::text[], $9::int[],
           $10::uuid[], $11::boolean[], $12::timestamptz[], $13::timestamptz[], $14::int[], $15::timestamptz[],
           $16::timestamptz[])
           as t(public_id, status, date, local_time, starts_at, utc_offset, duration_minutes, customer_id, with_vehicle,
             cancelled_at, arrived_at, version, created_at, updated_at)
       ),
       inserted as (
         insert into appointments (shop_id, public_id, status, date, local_time, timezone, starts_at, utc_offset,
           duration_minutes, reason, customer_id, vehicle_id, confirmed_at, arrived_at, cancelled_at, status_reason,
           version, created_at, updated_at)
         select $1::uuid, t.public_id, t.status, t.date, t.local_time, $2::text, t.starts_at, t.utc_offset,
           t.duration_minutes, 'Oil change and a noise from the front', t.customer_id,
           case when t.with_vehicle then (select v.id from vehicles v where v.shop_id = $1::uuid
             and v.customer_id = t.customer_id order by v.created_at limit 1) end,
           t.created_at, t.arrived_at, t.cancelled_at,
           case when t.status = 'cancelled' then 'Customer rescheduled' end, t.version, t.created_at, t.updated_at
         from input t order by t.created_at
         returning id, public_id, date, local_time, starts_at, customer_id, vehicle_id, created_at
       )
       -- Every appointment was created booked (the shop confirms no bookings itself). Event ids are 22 hex
       -- characters (a subset of base62), as the shop floor's: no join back to the input (30,000 rows each
       -- side, estimated at a few, would be a nested loop).
       insert into events (shop_id, public_id, type, object_type, object_id, summary, created_at)
       select $1::uuid, 'evt_' || substr(md5(i.id::text), 1, 22), 'appointment.created', 'appointment', i.public_id,
         jsonb_build_object('status', 'booked',
           'date', to_char(i.date, 'YYYY-MM-DD'), 'time', to_char(i.local_time, 'HH24:MI'),
           'starts_at', to_char(i.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'customer_id', c.public_id, 'vehicle_id', v.public_id, 'technician_id', null),
         i.created_at
       from inserted i
         join customers c on c.shop_id = $1::uuid and c.id = i.customer_id
         left join vehicles v on v.shop_id = $1::uuid and v.id = i.vehicle_id
       order by i.created_at`,
      [
        shop.id,
        shop.timezone,
        column('public_id'),
        column('status'),
        column('date'),
        column('time'),
        column('starts_at'),
        column('utc_offset'),
        column('duration'),
        column('customer_id'),
        column('with_vehicle'),
        column('cancelled_at'),
        column('arrived_at'),
        column('version'),
        column('created_at'),
        column('updated_at'),
      ],
    )
    if (skipTriggers) await client.query('reset session_replication_role')
  } finally {
    client.release()
  }
  const bookable = openDates(today, 365)
  log(
    `loaded shop hours (Mon-Sat ${benchWeek.open}-${benchWeek.close}, capacity ${benchDailyCapacity}), closures ${closureDays.join(', ')} and ${total.toLocaleString('en-US')} appointments in ${((Date.now() - started) / 1000).toFixed(1)} s (not analyzed)`,
  )
  return { appointments: total, today, closures: closureDays, bookableDates: bookable }
}

/**
 * An invoice for every invoiced or closed repair order, each with 4 lines (labor, two parts, a fee)
 * and one tax. One transaction: a document's lines are written only by the transaction that posts it,
 * and they must add up to its header at commit (migration 00009).
 */
async function loadInvoices(pool, shopId) {
  const client = await pool.connect()
  try {
    await client.query('begin')
    await client.query(
      `insert into invoices (shop_id, public_id, doc_type, number, status, currency, repair_order_id, customer_id,
         vehicle_id, business_date, posted_at, labor_total, parts_total, fees_total, discounts_total, subtotal,
         tax_total, total, created_at)
       select ro.shop_id, 'inv_' || substr(md5(ro.id::text), 1, 22), 'invoice', row_number() over (order by ro.created_at),
         'posted', s.currency, ro.id, ro.customer_id, ro.vehicle_id, (ro.created_at + interval '2 days')::date,
         ro.created_at + interval '2 days', 180.00, 65.00, 12.50, 0, 257.50, 22.86, 280.36, ro.created_at + interval '2 days'
       from repair_orders ro join shops s on s.id = ro.shop_id
       where ro.shop_id = $1::uuid and ro.state in ('invoiced', 'closed')`,
      [shopId],
    )
    await client.query(
      `insert into invoice_lines (shop_id, invoice_id, number, type, description, quantity, unit_price, gross_amount,
         discount_alloc, tax_alloc, tax_allocs, line_total)
       select inv.shop_id, inv.id, l.number, l.type, l.description, l.quantity, l.unit_price, l.gross, 0, l.tax,
         array[l.tax], l.gross + l.tax
       from invoices inv cross join (values
         (1, 'labor', 'Replace front pads', 1.5, 120.00, 180.00, 15.98),
         (2, 'part', 'Brake pads', 1, 45.00, 45.00, 3.99),
         (3, 'fee', 'Shop supplies', 1, 12.50, 12.50, 1.11),
         (4, 'part', 'Wiper blades', 2, 10.00, 20.00, 1.78)) as l(number, type, description, quantity, unit_price, gross, tax)
       where inv.shop_id = $1::uuid`,
      [shopId],
    )
    await client.query(
      `insert into invoice_taxes (shop_id, invoice_id, position, name, rate, applies_to, taxable_amount, amount)
       select shop_id, id, 1, 'Sales tax', 8.875, array['labor', 'parts', 'fees'], 257.50, 22.86
       from invoices where shop_id = $1::uuid`,
      [shopId],
    )
    await client.query(
      `insert into shop_counters (shop_id, name, value)
       select $1::uuid, 'invoice', max(number) from invoices where shop_id = $1::uuid having count(*) > 0`,
      [shopId],
    )
    await client.query('commit')
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

/** What the scenarios draw from: ids to fetch, search terms that match, and probes for EXPLAIN. */
export async function sampleDataset(url, { ids = 5_000, terms = 400, seed = 7 } = {}) {
  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('select setseed($1)', [seed / 1000])
    const idRows = await client.query('select public_id from customers order by random() limit $1', [ids])
    // Customers an appointment can be booked for (archived ones are refused).
    const activeRows = await client.query(
      'select public_id from customers where archived_at is null and merged_into_id is null order by random() limit $1',
      [ids],
    )
    const people = await client.query(
      `select first_name, last_name, email from customers where archived_at is null order by random() limit $1`,
      [terms],
    )
    const random = prng(seed)
    const found = new Set()
    for (const person of people.rows) {
      const sources = [person.first_name, person.last_name, person.email?.split('@')[0]].filter(
        (s) => s && /^[a-z]{3,}$/i.test(s.replace(/[.\d]/g, '')),
      )
      const source = sources[Math.floor(random() * sources.length)]?.toLowerCase().replace(/[^a-z]/g, '')
      if (!source || source.length < 3) continue
      const length = Math.min(source.length, 3 + Math.floor(random() * 4))
      const at = Math.floor(random() * (source.length - length + 1))
      found.add(source.slice(at, at + length))
    }
    const probe = await client.query(
      `select c.email, c.phone, r.external_id from customers c
       join external_refs r on r.object_id = c.id and r.object_type = 'customer'
       where c.archived_at is null and c.email is not null and c.phone is not null
       order by random() limit 1`,
    )
    // ~3/4 down the sort=updated_at list: a deep page, as the created_at cursors are.
    const deepUpdated = await client.query(
      `select updated_at, public_id from customers where archived_at is null
       order by updated_at desc, public_id desc limit 1
       offset (select count(*) * 3 / 4 from customers where archived_at is null)`,
    )
    const repairOrders = await client.query(
      `select ro.public_id from repair_orders ro where exists (select 1 from jobs j where j.repair_order_id = ro.id)
       order by random() limit 500`,
    )
    return {
      repairOrdersWithJobs: repairOrders.rows.map((r) => r.public_id),
      ids: idRows.rows.map((r) => r.public_id),
      activeIds: activeRows.rows.map((r) => r.public_id),
      terms: [...found],
      probe: probe.rows[0],
      deepUpdated: deepUpdated.rows[0]
        ? { sortValue: deepUpdated.rows[0].updated_at.toISOString(), publicId: deepUpdated.rows[0].public_id }
        : undefined,
    }
  } finally {
    await client.end()
  }
}
