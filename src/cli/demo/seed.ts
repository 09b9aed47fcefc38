import type pg from 'pg'
import { Temporal } from 'temporal-polyfill'
import {
  appointmentStatus,
  cannedJobsByCode,
  customerNameAndPhone,
  inventoryItemIds,
  openRepairOrderIds,
  type ShopRecordCounts,
  shopRecordCounts,
} from '../../db/demo-queries.js'
import { type Queryable, withTransaction } from '../../db/pool.js'
import { analyzeTables } from '../../db/statistics.js'
import { ApiError } from '../../lib/errors.js'
import { ExactDecimal } from '../../lib/money.js'
import { phoneRegionForTimezone } from '../../lib/phones.js'
import { allScopes, type Scope } from '../../lib/scopes.js'
import { SeededRandom } from '../../lib/seeded-random.js'
import { vinCheckDigit } from '../../lib/vin.js'
import { addDays, dateIn, weekdayOf } from '../../lib/wall-clock.js'
import type { Actor } from '../../platform/events.js'
import { parseInput } from '../../platform/operation.js'
import { createIntegration } from '../../platform/tenancy/integrations.js'
import { createShop, type ShopRow } from '../../platform/tenancy/shops.js'
import { AppointmentCreateSchema } from '../../resources/appointments/schema.js'
import {
  actOnAppointment,
  convertAppointment,
  createAppointment,
  setAppointmentStatus,
} from '../../resources/appointments/service.js'
import {
  CannedJobImportLineSchema,
  cannedJobImportTables,
  importCannedJobs,
} from '../../resources/canned-jobs/import.js'
import { CustomerCreateSchema } from '../../resources/customers/schema.js'
import { createCustomer, mergeCustomers } from '../../resources/customers/service.js'
import {
  InventoryImportRowSchema,
  importInventoryItems,
  inventoryImportTables,
} from '../../resources/inventory-items/import.js'
import { invoiceBalance, issueCreditNote, postInvoice, voidInvoice } from '../../resources/invoices/service.js'
import { JobCreateSchema } from '../../resources/jobs/schema.js'
import { addLabor, addPart, createJob, decideJob, pauseJob, runJobAction } from '../../resources/jobs/service.js'
import { recordPayment, reversePayment } from '../../resources/payments/service.js'
import { RepairOrderCreateSchema } from '../../resources/repair-orders/schema.js'
import { createRepairOrder, moveRepairOrder } from '../../resources/repair-orders/service.js'
import { type RepairOrderState, repairOrderStates } from '../../resources/shop-floor/states.js'
import { closeDate, daySchedule, readHours, setWeeklyHours } from '../../resources/shop-hours/service.js'
import { TaskCreateSchema, type TaskStatus } from '../../resources/tasks/schema.js'
import { completeTask, createTask } from '../../resources/tasks/service.js'
import { listTaxes, setTax } from '../../resources/taxes/service.js'
import { createTechnician, deactivateTechnician } from '../../resources/technicians/service.js'
import { VehicleCreateSchema } from '../../resources/vehicles/schema.js'
import { archiveVehicle, createVehicle } from '../../resources/vehicles/service.js'
import * as catalogue from './catalogue.js'

// `shopapi demo` and `serve --demo`: a shop with a believable history, written through the same
// resource services as the API and the staff commands (each change one transaction with its events,
// which the webhook worker delivers like any other). Every choice comes from one seeded random in a
// fixed order, and every date from the shop-local date of the run, so one seed on one day gives the
// same shop: only ids, and the instants at which rows were written, differ.

export const demoShop = { name: 'Demo Auto Repair', timezone: 'America/New_York', currency: 'USD' } as const

/** The Demo integration reads everything, prices and costs included, and writes nothing. */
export const demoScopes: Scope[] = allScopes.filter((scope) => scope.endsWith('.read'))

export interface DemoOptions {
  seed: number
  customers: number
  /** Fill this shop instead of creating "Demo Auto Repair". */
  shop?: ShopRow
  /** Called as the seeding moves on: the phase's name, how far it is, and its size. */
  onProgress?: (phase: string, done: number, total: number) => void
}

/** What `shopapi demo` reports: the shop's records, and how many of its customers were merged away. */
export interface DemoCounts extends ShopRecordCounts {
  merged_customers: number
}

export interface DemoResult {
  shop: ShopRow
  integrationId: string
  apiKey: string
  counts: DemoCounts
}

/** The tables the demo fills: analyzed once it is done, so the planner knows their new size at once. */
export const demoTables = [
  'customers',
  'vehicles',
  'technicians',
  'appointments',
  'repair_orders',
  'jobs',
  'job_labor',
  'job_parts',
  ...cannedJobImportTables,
  ...inventoryImportTables,
  'invoices',
  'invoice_lines',
  'payments',
  'tasks',
  'events',
] as const

interface Customer {
  publicId: string
  fleet: boolean
  vehicles: string[]
}

/** A repair order as the demo walks it through the workflow. */
interface Order {
  publicId: string
  id: string
  state: RepairOrderState
  /** The shop-local date its money is dated with (invoice, payments). */
  day: string
  jobs: { publicId: string; counts: boolean }[]
  /** The live invoice once posted. */
  invoice?: { publicId: string; id: string }
  plan: OrderPlan
  /**
   * The order's own choices, seeded from the demo's random when the order is opened: orders are worked
   * on side by side, and each draws the same values whatever the others do meanwhile.
   */
  random: SeededRandom
}

/** How an order ends: the last state, and what happens on the way. */
interface OrderPlan {
  target: RepairOrderState
  /** Decisions of the jobs after the first (authorized) one, in order. */
  decisions?: ('authorized' | 'declined' | 'deferred' | 'cancelled' | 'pending')[]
  /** The last authorized job is not finished: the technician could not complete it. */
  unableToComplete?: boolean
  /** Payments: one, two halves, a card payment reversed and paid again in cash, or on account (none). */
  payment?: 'full' | 'split' | 'reversed' | 'on_account'
  /** The first invoice is voided and the order posted again. */
  voidFirst?: boolean
  /** After it is paid, a goodwill credit note and its refund. */
  creditAndRefund?: boolean
  /** Through waiting_for_parts (and a paused job) on the way. */
  waitsForParts?: boolean
  /** Adds a shop-supplies fee and a loyalty discount. */
  feeAndDiscount?: boolean
}

/** The states a demo order never walks through: booked ahead, waiting for parts, cancelled, on hold. */
const offFloorPath: readonly RepairOrderState[] = ['scheduled', 'waiting_for_parts', 'cancelled', 'on_hold']

/**
 * The order of a repair order's life when nothing goes sideways (the ledger makes invoiced and paid):
 * the workflow's states in their order, less those a demo order does not walk through.
 */
const floorPath: RepairOrderState[] = repairOrderStates.filter((state) => !offFloorPath.includes(state))

/**
 * One order in each state of the workflow, and the variations of jobs and money a demo should show
 * (every job decision and execution state, fees and discounts, a void, a credit note with its refund,
 * a reversal, a fleet order picked up on account).
 */
const tourPlans: OrderPlan[] = [
  { target: 'checked_in' },
  { target: 'estimating', decisions: ['pending'] },
  { target: 'awaiting_authorization', decisions: ['pending', 'pending'] },
  { target: 'authorized', decisions: ['cancelled', 'authorized'] },
  { target: 'in_progress', decisions: ['authorized', 'deferred'] },
  { target: 'waiting_for_parts', waitsForParts: true },
  { target: 'quality_check', decisions: ['authorized'], unableToComplete: true },
  { target: 'completed', decisions: ['declined'] },
  { target: 'ready_for_pickup', feeAndDiscount: true },
  { target: 'invoiced', voidFirst: true },
  { target: 'paid', payment: 'split', creditAndRefund: true },
  { target: 'picked_up', payment: 'reversed' },
  { target: 'closed', decisions: ['deferred', 'declined'], feeAndDiscount: true },
  { target: 'cancelled', decisions: ['pending'] },
  { target: 'on_hold' },
]

/** A fleet vehicle handed back on account, before its invoice is paid. */
const fleetPlan: OrderPlan = { target: 'picked_up', payment: 'on_account', feeAndDiscount: true }

/** Orders worked at once: enough to overlap round trips, few enough to leave the API its connections. */
const sideBySide = 4

export async function seedDemo(pool: pg.Pool, options: DemoOptions): Promise<DemoResult> {
  const seeder = new DemoSeeder(pool, options)
  return seeder.run()
}

class DemoSeeder {
  readonly #pool: pg.Pool
  readonly #options: DemoOptions
  readonly #random: SeededRandom
  #shop!: ShopRow
  #actor!: Actor
  #today!: string
  #technicians: string[] = []
  #inventory = new Map<string, string>()
  /** The menu's canned jobs; the paying ones open a write-up (a no-charge inspection alone bills nothing). */
  #cannedJobs: { publicId: string; paying: boolean }[] = []
  #customers: Customer[] = []
  #mergedCustomers = 0
  #orders: Order[] = []

  constructor(pool: pg.Pool, options: DemoOptions) {
    this.#pool = pool
    this.#options = options
    this.#random = new SeededRandom(options.seed)
  }

  #progress(phase: string, done: number, total: number) {
    this.#options.onProgress?.(phase, done, total)
  }

  /**
   * One change in one transaction, as the shop's staff: the same unit as a staff command. Its commit
   * does not wait for the WAL flush (synchronous_commit off, this transaction only): thousands of
   * small commits would otherwise each wait for a disk flush, and a crash can lose only the last few
   * demo changes, never consistency, which a rerun into a new shop replaces.
   */
  #change<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return withTransaction(this.#pool, (tx) => work(tx), { opening: 'set local synchronous_commit = off' })
  }

  async run(): Promise<DemoResult> {
    this.#progress('shop', 0, 1)
    this.#shop = this.#options.shop ?? (await createShop(this.#pool, { ...demoShop }))
    this.#actor = { shopId: this.#shop.id, integrationId: null }
    this.#today = dateIn(this.#shop.timezone)
    const integration = await createIntegration(this.#pool, {
      shop: this.#shop.public_id,
      name: 'Demo',
      scopes: demoScopes,
    })
    await this.#taxes()
    await this.#createTechnicians()
    this.#progress('shop', 1, 1)

    const total = this.#options.customers
    for (let index = 0; index < total; index++) {
      await this.#createCustomer(index)
      this.#progress('customers', index + 1, total)
    }
    await this.#mergeDuplicates()
    // Booked while the shop had no hours yet (any time of any day): the demo's history starts before them.
    await this.#daylightSavingAppointments()
    await this.#hours()
    await this.#inventoryAndCannedJobs()

    const people = this.#customers.filter((customer) => !customer.fleet && customer.vehicles.length > 0)
    const fleets = this.#customers.filter((customer) => customer.fleet && customer.vehicles.length > 0)
    const tour = [...tourPlans, ...(fleets.length > 0 ? [fleetPlan] : [])]
    let done = 0
    const orderTotal = tour.length + this.#customers.length
    for (const [index, plan] of tour.entries()) {
      const owner = plan === fleetPlan ? (fleets[0] as Customer) : (people[index % people.length] as Customer)
      if (!owner) break
      await this.#order(owner, owner.vehicles[0] as string, plan, addDays(this.#today, -(index % 5)))
      this.#progress('repair orders', ++done, orderTotal)
    }
    for (const customer of this.#customers) {
      await this.#history(customer)
      this.#progress('repair orders', ++done, orderTotal)
    }
    await this.#appointments(people)
    // Work on the floor touches only its own order, so orders are worked side by side; the ledger
    // numbers invoices as they are posted, so it takes the orders one by one, in the order they opened.
    // Payments carry no number, so they are taken side by side again; credit notes are numbered.
    await this.#sideBySide('shop floor', (order) => this.#floor(order))
    for (const [index, order] of this.#orders.entries()) {
      await this.#post(order)
      this.#progress('invoices', index + 1, this.#orders.length)
    }
    await this.#sideBySide('payments', (order) => this.#settle(order))
    for (const order of this.#orders)
      if (order.plan.creditAndRefund && order.state === 'paid') await this.#credit(order)
    await this.#sideBySide('pickups', (order) => this.#pickUp(order))
    await this.#tasks()
    await this.#change((tx) => deactivateTechnician(tx, this.#actor, this.#technicians.at(-1) as string))

    this.#progress('analyze', 0, 1)
    await analyzeTables(this.#pool, demoTables)
    this.#progress('analyze', 1, 1)
    return {
      shop: this.#shop,
      integrationId: integration.integration.public_id,
      apiKey: integration.plaintextKey,
      counts: await this.#counts(),
    }
  }

  /** `work` on every order, a few at a time (the pool's connections are shared with nothing else). */
  async #sideBySide(phase: string, work: (order: Order) => Promise<void>) {
    let next = 0
    let done = 0
    const worker = async () => {
      while (next < this.#orders.length) {
        const order = this.#orders[next++] as Order
        await work(order)
        this.#progress(phase, ++done, this.#orders.length)
      }
    }
    await Promise.all(Array.from({ length: sideBySide }, worker))
  }

  // ---- the shop ----

  async #taxes() {
    const existing = await listTaxes(this.#pool, this.#actor)
    if (existing.length > 0) return
    await this.#change((tx) =>
      setTax(tx, this.#actor, { name: 'Sales tax', rate: '8.375', appliesTo: 'labor,parts,fees' }),
    )
  }

  async #createTechnicians() {
    for (const [index, technician] of catalogue.technicians.entries()) {
      const row = await this.#change((tx) =>
        createTechnician(tx, this.#actor, {
          name: technician.name,
          email: `${technician.name
            .split(' ')[0]
            ?.toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z]/g, '')}.${index + 1}@demo-auto.example.com`,
          daily_capacity: technician.capacity,
        }),
      )
      this.#technicians.push(row.public_id)
    }
  }

  /** Weekday hours and a Saturday morning, unless the shop set its own; closed on the next holidays. */
  async #hours() {
    const hours = await readHours(this.#pool, this.#shop.id)
    if (!hours.hoursSet) {
      await this.#change(async (tx) => {
        await setWeeklyHours(tx, this.#shop.id, {
          weekdays: [1, 2, 3, 4, 5],
          open: '07:30',
          close: '18:00',
          capacity: 14,
        })
        await setWeeklyHours(tx, this.#shop.id, { weekdays: [6], open: '08:00', close: '14:00', capacity: 6 })
      })
    }
    for (const holiday of this.#holidays()) {
      await this.#change((tx) => closeDate(tx, this.#shop.id, holiday.date, holiday.reason))
    }
  }

  /** The next Thanksgiving, Christmas Day and New Year's Day from today. */
  #holidays(): { date: string; reason: string }[] {
    const year = Number(this.#today.slice(0, 4))
    const next = (dates: string[]) => dates.find((date) => date >= this.#today) as string
    const thanksgiving = (y: number) => {
      const first = `${y}-11-01`
      const offset = (4 - weekdayOf(first) + 7) % 7
      return addDays(first, offset + 21)
    }
    return [
      { date: next([thanksgiving(year), thanksgiving(year + 1)]), reason: 'Thanksgiving Day' },
      { date: next([`${year}-12-25`, `${year + 1}-12-25`]), reason: 'Christmas Day' },
      { date: `${year + 1}-01-01`, reason: "New Year's Day" },
    ]
  }

  async #inventoryAndCannedJobs() {
    const rows = catalogue.inventory.map((item, index) => ({
      line: index + 1,
      value: InventoryImportRowSchema.parse({
        part_number: item.part_number,
        name: item.name,
        brand: item.brand,
        category: item.category,
        product_family: item.family,
        uom: 'uom' in item ? item.uom : 'each',
        location: `Aisle ${String.fromCharCode(65 + (index % 5))}-${(index % 4) + 1}`,
        quantity_on_hand: item.on_hand,
        unit_price: item.price,
        unit_cost: item.cost,
        ...('tire' in item ? { tire_size: item.tire } : {}),
      }),
    }))
    await this.#change((tx) => importInventoryItems(tx, this.#actor, rows))
    const items = await inventoryItemIds(
      this.#pool,
      this.#shop.id,
      catalogue.inventory.map((item) => item.part_number),
    )
    for (const item of items) this.#inventory.set(item.part_number, item.public_id)

    const priceOf = new Map(catalogue.inventory.map((item) => [item.part_number, item]))
    const jobs = catalogue.cannedJobs.map((job, index) => ({
      line: index + 1,
      value: CannedJobImportLineSchema.parse({
        code: job.code,
        name: job.name,
        category: job.category,
        default_hours: job.hours,
        labor_rate: job.rate,
        kind: 'kind' in job ? job.kind : 'service',
        parts: job.parts.map(([partNumber, quantity]) => {
          const item = priceOf.get(partNumber)
          return {
            part_number: partNumber,
            description: item?.name,
            quantity,
            unit_price: item?.price,
            unit_cost: item?.cost,
          }
        }),
      }),
    }))
    await this.#change((tx) => importCannedJobs(tx, this.#actor, jobs))
    const canned = await cannedJobsByCode(
      this.#pool,
      this.#shop.id,
      catalogue.cannedJobs.map((job) => job.code),
    )
    this.#cannedJobs = canned.map((job) => ({ publicId: job.public_id, paying: job.kind === 'service' }))
  }

  // ---- customers and vehicles ----

  #person() {
    const random = this.#random
    const first = random.pick(catalogue.firstNames)
    const last = random.pick(catalogue.lastNames)
    const town = random.pick(catalogue.towns)
    const areaCode = town.region === 'NJ' ? '201' : town.region === 'CT' ? '203' : '914'
    return {
      first,
      last,
      town,
      street: `${random.int(2, 2999)} ${random.pick(catalogue.streetNames)}`,
      phone: `(${areaCode}) ${random.int(201, 989)}-${String(random.int(0, 9999)).padStart(4, '0')}`,
    }
  }

  #consent() {
    const random = this.#random
    const transactional = random.chance(0.8)
    return {
      sms_transactional: transactional,
      sms_marketing: transactional && random.chance(0.3),
      email_transactional: random.chance(0.85),
      email_marketing: random.chance(0.25),
      voice: random.chance(0.6),
      do_not_call: random.chance(0.05),
    }
  }

  async #createCustomer(index: number) {
    const random = this.#random
    const fleet = index % 25 === 3
    const person = this.#person()
    const company = fleet ? catalogue.companies[Math.floor(index / 25) % catalogue.companies.length] : undefined
    const handle = `${person.first}.${person.last}`.toLowerCase().replace(/[^a-z.]/g, '')
    const body = {
      first_name: person.first,
      last_name: person.last,
      ...(company ? { company_name: company } : {}),
      email: random.chance(0.9) ? `${handle}${index + 1}@${random.pick(catalogue.emailDomains)}` : null,
      phone: person.phone,
      ...(random.chance(0.2) ? { phone_alt: this.#person().phone } : {}),
      address: person.street,
      city: person.town.city,
      region: person.town.region,
      postal_code: person.town.postal,
      country: 'US',
      preferred_contact: random.weighted([
        ['sms', 4],
        ['email', 3],
        ['phone', 2],
        [null, 1],
      ] as const),
      consent: this.#consent(),
      ...(random.chance(0.15) ? { tags: [random.pick(catalogue.tags)] } : {}),
      ...(random.chance(0.1) ? { notes: 'Prefers a call before any work over $300.' } : {}),
      fleet_account: fleet,
      tax_exempt: fleet && random.chance(0.5),
    }
    const vehicleCount = fleet
      ? random.int(3, 6)
      : random.weighted([
          [1, 7],
          [2, 2],
          [0, 1],
        ] as const)
    const vehicles = Array.from({ length: vehicleCount }, (_, unit) => this.#vehicleFields(fleet ? unit + 1 : null))
    const created = await this.#change(async (tx) => {
      const input = parseInput(CustomerCreateSchema, body, 'body')
      const customer = await createCustomer(tx, this.#actor, input, phoneRegionForTimezone(this.#shop.timezone))
      const ids: string[] = []
      for (const fields of vehicles) {
        const vehicle = await createVehicle(
          tx,
          this.#actor,
          parseInput(VehicleCreateSchema, { customer_id: customer.public_id, ...fields }, 'body'),
        )
        ids.push(vehicle.public_id)
      }
      return { publicId: customer.public_id, fleet, vehicles: ids }
    })
    this.#customers.push(created)
  }

  #vin(model: (typeof catalogue.vehicleModels)[number], year: number): string {
    const random = this.#random
    const alphabet = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'
    const yearCode = catalogue.modelYearCodes.charAt(year - catalogue.firstCodedModelYear)
    const draft = `${model.wmi}${random.characters(alphabet, 5)}0${yearCode}${random.characters('ABCDEFGHJKLMNPRSTUVWXYZ', 1)}${random.characters('0123456789', 6)}`
    return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`
  }

  #vehicleFields(unit: number | null) {
    const random = this.#random
    const model = random.pick(catalogue.vehicleModels)
    const year = random.int(model.years[0], model.years[1])
    const region = random.weighted([
      ['NY', 6],
      ['NJ', 2],
      ['CT', 1],
    ] as const)
    const plate =
      region === 'NY'
        ? `${random.characters('ABCDEFGHJKLMNPRSTUVWXYZ', 3)}-${random.characters('0123456789', 4)}`
        : `${random.characters('ABCDEFGHJKLMNPRSTUVWXYZ', 1)}${random.characters('0123456789', 2)}-${random.characters('ABCDEFGHJKLMNPRSTUVWXYZ', 3)}`
    return {
      vin: this.#vin(model, year),
      year,
      make: model.make,
      model: model.model,
      trim: random.pick(model.trims),
      engine: model.engine,
      color: random.pick(catalogue.colors),
      plate,
      plate_region: region,
      odometer: random.int(8, 160) * 1000 + random.int(0, 999),
      ...(unit !== null ? { unit_number: `U-${String(unit).padStart(3, '0')}` } : {}),
    }
  }

  /**
   * A few customers were entered twice (the same person, a new phone format, no email): the duplicate,
   * with a vehicle of its own, is merged into the first record by the staff merge.
   */
  async #mergeDuplicates() {
    const people = this.#customers.filter((customer) => !customer.fleet)
    const count = Math.max(2, Math.floor(people.length / 50))
    for (let index = 0; index < count && index < people.length; index++) {
      const original = people[(index * 7 + 1) % people.length] as Customer
      const source = (await customerNameAndPhone(this.#pool, this.#shop.id, original.publicId)) as {
        first_name: string
        last_name: string
        phone: string | null
      }
      const vehicle = this.#vehicleFields(null)
      await this.#change(async (tx) => {
        const duplicate = await createCustomer(
          tx,
          this.#actor,
          parseInput(
            CustomerCreateSchema,
            {
              first_name: source.first_name,
              last_name: source.last_name,
              phone: source.phone?.replace(/[()\s-]/g, '') ?? null,
              notes: 'Entered again at the counter',
            },
            'body',
          ),
          phoneRegionForTimezone(this.#shop.timezone),
        )
        const moved = await createVehicle(
          tx,
          this.#actor,
          parseInput(VehicleCreateSchema, { customer_id: duplicate.public_id, ...vehicle }, 'body'),
        )
        await mergeCustomers(tx, this.#actor, duplicate.public_id, original.publicId)
        original.vehicles.push(moved.public_id)
      })
      this.#mergedCustomers += 1
    }
    // A vehicle sold by its owner: archived, still readable.
    const seller = people.find((customer) => customer.vehicles.length > 1)
    if (seller) {
      const sold = seller.vehicles.pop() as string
      await this.#change((tx) => archiveVehicle(tx, this.#actor, sold, 'Sold by the owner'))
    }
  }

  // ---- appointments ----

  async #book(
    customer: Customer,
    date: string,
    time: string,
    extra: { utc_offset?: string; reason?: string; technician?: boolean; duration?: number } = {},
  ): Promise<string | null> {
    const random = this.#random
    const technician = extra.technician ?? random.chance(0.5)
    const body = {
      customer_id: customer.publicId,
      vehicle_id: customer.vehicles[0] ?? null,
      date,
      time,
      duration_minutes: extra.duration ?? random.pick([30, 60, 60, 90, 120]),
      reason: extra.reason ?? random.pick(catalogue.concerns),
      ...(technician ? { technician_id: random.pick(this.#technicians) } : {}),
      ...(extra.utc_offset ? { utc_offset: extra.utc_offset } : {}),
    }
    try {
      const row = await this.#change((tx) =>
        createAppointment(tx, this.#actor, parseInput(AppointmentCreateSchema, body, 'body')),
      )
      return row.public_id
    } catch (error) {
      // A full day or a closed date (a shop given with --shop keeps its own hours): no booking then.
      if (error instanceof ApiError && error.code === 'conflict') return null
      throw error
    }
  }

  /** Moves a booking to `status` by the front desk's moves (it was booked, or requested). */
  async #setStatus(appointment: string, status: string) {
    await this.#change(async (tx) => {
      const current = await appointmentStatus(tx, this.#shop.id, appointment)
      if (current === status) return
      if (status === 'requested' || current === 'requested') {
        await setAppointmentStatus(tx, this.#actor, appointment, status)
        return
      }
      if (status === 'arrived') await actOnAppointment(tx, this.#actor, appointment, 'check_in', 'staff')
      else if (status === 'cancelled')
        await actOnAppointment(tx, this.#actor, appointment, 'cancel', 'staff', 'Customer rescheduled by phone')
      else await setAppointmentStatus(tx, this.#actor, appointment, status)
    })
  }

  /**
   * Appointments on both daylight-saving changes of this year in the shop's zone: right after the
   * skipped hour in spring, and at both readings of the repeated hour in autumn (utc_offset tells them
   * apart). A zone without daylight saving has none.
   */
  async #daylightSavingAppointments() {
    const people = this.#customers.filter((customer) => !customer.fleet && customer.vehicles.length > 0)
    if (people.length === 0) return
    const year = Number(this.#today.slice(0, 4))
    let cursor: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from({
      timeZone: this.#shop.timezone,
      year,
      month: 1,
      day: 1,
    })
    let index = 0
    for (let transitions = 0; transitions < 2; transitions++) {
      cursor = cursor?.getTimeZoneTransition('next') ?? null
      if (!cursor || cursor.year !== year) break
      const before = cursor.subtract({ nanoseconds: 1 })
      const after = cursor
      const date = after.toPlainDate().toString()
      const afterTime = after.toPlainTime().add({ minutes: 30 }).toString().slice(0, 5)
      const past = date < this.#today
      if (after.offsetNanoseconds > before.offsetNanoseconds) {
        // Spring forward: the hour after the gap.
        const id = await this.#book(people[index++ % people.length] as Customer, date, afterTime, {
          reason: 'Early drop-off the morning the clocks go forward',
          technician: false,
          duration: 60,
        })
        if (id && past) await this.#setStatus(id, 'fulfilled')
      } else {
        // Fall back: 01:30 happens twice; the first reading has the summer offset, the second the winter one.
        for (const [offset, status] of [
          [before.offset, 'fulfilled'],
          [after.offset, 'no_show'],
        ] as const) {
          const id = await this.#book(people[index++ % people.length] as Customer, date, afterTime, {
            utc_offset: offset,
            reason: `Night drop-off at ${afterTime} (UTC${offset}) the night the clocks go back`,
            technician: false,
            duration: 30,
          })
          if (id && past) await this.#setStatus(id, status)
        }
      }
    }
  }

  /** Open times of a date on a half-hour grid where an appointment of `minutes` fits; none when closed. */
  async #openTimes(date: string, minutes: number): Promise<string[]> {
    const schedule = await daySchedule(this.#pool, this.#shop.id, date)
    if (!schedule.open) return []
    const toMinute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
    const opens = schedule.openTime ? toMinute(schedule.openTime) : 8 * 60
    const closes = schedule.closeTime ? toMinute(schedule.closeTime) || 24 * 60 : 17 * 60
    const times: string[] = []
    for (let minute = Math.ceil(opens / 30) * 30; minute + minutes <= closes; minute += 30) {
      times.push(`${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`)
    }
    return times
  }

  /**
   * Three weeks back and two ahead. Past ones ended as they do: most customers came (the visit became
   * a repair order), some cancelled, some never showed. Today some have arrived and one was turned
   * into a repair order while the car is on its way; ahead they are booked, a few still requested.
   */
  async #appointments(people: Customer[]) {
    if (people.length === 0) return
    const random = this.#random
    const perDay = Math.max(2, Math.min(10, Math.round(this.#customers.length / 40)))
    let next = 0
    const total = 35
    // "Today" at the front desk is the first open day from today on (today may be a Sunday or a holiday).
    let frontDesk: number | null = null
    let convertedToday = false
    let arrivedToday = false
    for (let offset = -21; offset <= 13; offset++) {
      const date = addDays(this.#today, offset)
      const times = await this.#openTimes(date, 60)
      if (times.length === 0) continue
      if (offset >= 0 && frontDesk === null) frontDesk = offset
      const bookings = offset === frontDesk ? Math.max(perDay, 4) : perDay
      for (let slot = 0; slot < bookings; slot++) {
        const customer = people[(next++ * 13) % people.length] as Customer
        const id = await this.#book(customer, date, random.pick(times), { duration: 60 })
        if (!id) continue
        if (offset < 0) {
          const outcome = random.weighted([
            ['visit', 7],
            ['cancelled', 2],
            ['no_show', 1],
          ] as const)
          if (outcome === 'visit') await this.#visit(id, date)
          else await this.#setStatus(id, outcome)
        } else if (offset === frontDesk) {
          if (!convertedToday) {
            convertedToday = true
            // A shop that confirms bookings itself (given with --shop) has it requested until then.
            await this.#setStatus(id, 'booked')
            await this.#change((tx) => convertAppointment(tx, this.#actor, id, {}))
          } else if (!arrivedToday || random.chance(0.5)) {
            arrivedToday = true
            await this.#setStatus(id, 'arrived')
          }
        } else {
          // Most are confirmed (a shop that confirms bookings itself has confirmed them); some wait.
          await this.#setStatus(id, random.chance(0.2) ? 'requested' : 'booked')
        }
      }
      this.#progress('appointments', offset + 22, total)
    }
  }

  /** A customer who came: checked in, the visit became a repair order, and the work was done and paid. */
  async #visit(appointment: string, date: string) {
    await this.#setStatus(appointment, 'arrived')
    const converted = await this.#change((tx) =>
      convertAppointment(tx, this.#actor, appointment, { odometer_in: this.#random.int(10, 150) * 1000 }),
    )
    // Conversion leaves the appointment arrived; the front desk closes the visit.
    await this.#setStatus(appointment, 'fulfilled')
    this.#orders.push({
      publicId: converted.repairOrder.public_id,
      id: converted.repairOrder.id,
      state: converted.repairOrder.state as RepairOrderState,
      day: date,
      jobs: [],
      plan: { target: this.#random.pick(['closed', 'closed', 'picked_up'] as const), payment: 'full' },
      random: new SeededRandom(this.#random.int(0, 0x7fffffff)),
    })
  }

  // ---- repair orders ----

  /** The orders of a customer's past visits (walk-ins): most closed, a few cancelled. */
  async #history(customer: Customer) {
    const random = this.#random
    if (customer.vehicles.length === 0) return
    const visits = customer.fleet
      ? random.int(1, 3)
      : random.weighted([
          [0, 5],
          [1, 3],
          [2, 2],
        ] as const)
    for (let visit = 0; visit < visits; visit++) {
      const plan: OrderPlan = customer.fleet
        ? random.chance(0.7)
          ? { target: 'closed', payment: 'full' }
          : fleetPlan
        : random.weighted([
            [{ target: 'closed', payment: 'full' } as OrderPlan, 12],
            [{ target: 'closed', payment: 'split', decisions: ['deferred'] } as OrderPlan, 3],
            [{ target: 'closed', payment: 'full', feeAndDiscount: true, decisions: ['declined'] } as OrderPlan, 2],
            [{ target: 'cancelled' } as OrderPlan, 1],
          ])
      const day = addDays(this.#today, -random.int(25, 400))
      await this.#order(customer, random.pick(customer.vehicles), plan, day)
    }
  }

  async #order(customer: Customer, vehicle: string, plan: OrderPlan, day: string) {
    const random = this.#random
    const body = {
      customer_id: customer.publicId,
      vehicle_id: vehicle,
      customer_concern: random.pick(catalogue.concerns),
      odometer_in: random.int(10, 150) * 1000 + random.int(0, 999),
      ...(random.chance(0.1) ? { is_comeback: true } : {}),
    }
    const row = await this.#change((tx) =>
      createRepairOrder(tx, this.#actor, parseInput(RepairOrderCreateSchema, body, 'body')),
    )
    this.#orders.push({
      publicId: row.public_id,
      id: row.id,
      state: row.state as RepairOrderState,
      day,
      jobs: [],
      plan,
      random: new SeededRandom(random.int(0, 0x7fffffff)),
    })
  }

  async #move(order: Order, to: RepairOrderState) {
    await this.#change((tx) => moveRepairOrder(tx, this.#actor, order.publicId, to))
    order.state = to
  }

  /** Writes up the work: one to three jobs from the menu or by hand, with their labor and parts. */
  async #writeUp(order: Order) {
    const { random, plan } = order
    const count =
      1 +
      (plan.decisions?.length ??
        random.weighted([
          [0, 5],
          [1, 3],
        ] as const))
    for (let index = 0; index < count; index++) {
      const fromMenu = random.chance(0.6)
      const technician = random.chance(0.7) ? random.pick(this.#technicians.slice(0, -1)) : undefined
      const job = await this.#change(async (tx) => {
        if (fromMenu) {
          const input = parseInput(
            JobCreateSchema,
            {
              canned_job_id: random.pick(index === 0 ? this.#cannedJobs.filter((job) => job.paying) : this.#cannedJobs)
                .publicId,
              ...(technician ? { technician_id: technician } : {}),
            },
            'body',
          )
          return createJob(tx, this.#actor, { id: order.id, public_id: order.publicId }, input)
        }
        const custom = random.pick(catalogue.customJobs)
        const created = await createJob(
          tx,
          this.#actor,
          { id: order.id, public_id: order.publicId },
          parseInput(
            JobCreateSchema,
            { name: custom.name, ...(technician ? { technician_id: technician } : {}) },
            'body',
          ),
        )
        await addLabor(tx, this.#actor, created.public_id, {
          hours: custom.hours,
          rate: custom.rate,
          technician,
          description: custom.name,
        })
        if (custom.part) {
          await addPart(tx, this.#actor, created.public_id, {
            item: this.#inventory.get(custom.part),
            quantity: '1',
          })
        }
        return created
      })
      order.jobs.push({ publicId: job.public_id, counts: true })
    }
    if (plan.feeAndDiscount) {
      for (const body of [
        { name: 'Shop supplies', kind: 'fee', amount: '12.50' },
        { name: 'Loyalty discount', kind: 'discount', amount: '10.00' },
      ]) {
        const job = await this.#change((tx) =>
          createJob(
            tx,
            this.#actor,
            { id: order.id, public_id: order.publicId },
            parseInput(JobCreateSchema, body, 'body'),
          ),
        )
        order.jobs.push({ publicId: job.public_id, counts: true })
      }
    }
  }

  /** The decisions: the first job (and the fee and discount) authorized, the others as planned. */
  async #decide(order: Order) {
    const decisions = order.plan.decisions ?? []
    for (const [index, job] of order.jobs.entries()) {
      const planned = index === 0 || index > decisions.length ? 'authorized' : (decisions[index - 1] as string)
      job.counts = planned === 'authorized'
      if (planned === 'pending') continue
      if (planned === 'cancelled') {
        // Authorized on the phone, then called off before anyone started.
        await this.#change((tx) => decideJob(tx, this.#actor, job.publicId, 'authorized'))
      }
      await this.#change((tx) => decideJob(tx, this.#actor, job.publicId, planned))
    }
  }

  async #act(order: Order, action: 'start' | 'complete' | 'unable_to_complete', jobs = order.jobs) {
    for (const job of jobs) {
      if (!job.counts) continue
      await this.#change((tx) => runJobAction(tx, this.#actor, 'staff', job.publicId, action))
    }
  }

  /** Takes the order along the floor path (with its side trips) to the plan's target or to pickup. */
  async #floor(order: Order) {
    const { random, plan } = order
    if (plan.target === 'cancelled' || plan.target === 'on_hold') {
      await this.#move(order, 'estimating')
      await this.#writeUp(order)
      if (plan.target === 'on_hold') {
        await this.#decide(order)
        await this.#move(order, 'authorized')
        await this.#move(order, 'in_progress')
        await this.#act(order, 'start')
      } else {
        for (const job of order.jobs) await this.#change((tx) => decideJob(tx, this.#actor, job.publicId, 'cancelled'))
      }
      await this.#move(order, plan.target)
      return
    }
    if (order.state === 'scheduled') await this.#move(order, 'checked_in')
    const target = plan.target === 'waiting_for_parts' ? 'in_progress' : plan.target
    const last = Math.min(floorPath.indexOf(target), floorPath.indexOf('ready_for_pickup'))
    const start = floorPath.indexOf(order.state) + 1
    for (const state of floorPath.slice(start, last + 1)) {
      switch (state) {
        case 'estimating':
          await this.#move(order, state)
          await this.#writeUp(order)
          break
        case 'authorized':
          await this.#decide(order)
          await this.#move(order, state)
          break
        case 'in_progress':
          await this.#move(order, state)
          await this.#act(order, 'start')
          if (plan.waitsForParts || (plan.target !== 'in_progress' && random.chance(0.1))) {
            const waiting = order.jobs.find((job) => job.counts)
            if (waiting) await this.#change((tx) => pauseJob(tx, this.#actor, waiting.publicId))
            await this.#move(order, 'waiting_for_parts')
            if (plan.target === 'waiting_for_parts') return
            await this.#move(order, 'in_progress')
            if (waiting) await this.#act(order, 'start', [waiting])
          }
          break
        case 'quality_check': {
          const working = order.jobs.filter((job) => job.counts)
          const unable = plan.unableToComplete ? working.at(-1) : undefined
          await this.#act(
            order,
            'complete',
            working.filter((job) => job !== unable),
          )
          if (unable) await this.#act(order, 'unable_to_complete', [unable])
          await this.#move(order, state)
          break
        }
        default:
          await this.#move(order, state)
      }
    }
  }

  /** Posts the invoice of an order whose plan goes that far. */
  async #post(order: Order) {
    if (order.state !== 'ready_for_pickup' || floorPath.indexOf(order.plan.target) < floorPath.indexOf('invoiced')) {
      return
    }
    await this.#invoice(order)
  }

  /** Takes the payments of an invoiced order whose plan goes as far as paid. */
  async #settle(order: Order) {
    const { plan } = order
    // A fleet account takes the vehicle on its terms: picked up now, paid later.
    if (order.state !== 'invoiced' || floorPath.indexOf(plan.target) < floorPath.indexOf('paid')) return
    if (plan.payment !== 'on_account') await this.#pay(order)
  }

  /** The customer collects the vehicle, and the order is closed. */
  async #pickUp(order: Order) {
    const last = floorPath.indexOf(order.plan.target)
    if (order.state !== 'paid' && order.state !== 'invoiced') return
    for (const state of floorPath.slice(floorPath.indexOf('picked_up'), last + 1)) await this.#move(order, state)
  }

  #at(day: string): Date {
    // Midday in New York, the demo shop's zone; any zone's business date of this instant is `day` or next to it.
    return new Date(`${day}T17:00:00Z`)
  }

  async #invoice(order: Order) {
    const { plan } = order
    const at = this.#at(order.day)
    let invoice = await this.#change((tx) => postInvoice(tx, this.#actor, order.publicId, { at }))
    if (plan.voidFirst) {
      await this.#change((tx) =>
        voidInvoice(tx, this.#actor, invoice.public_id, { reason: 'Wrong labor rate on line 1', at }),
      )
      invoice = await this.#change((tx) => postInvoice(tx, this.#actor, order.publicId, { at }))
    }
    order.state = 'invoiced'
    order.invoice = { publicId: invoice.public_id, id: invoice.id }
  }

  async #balance(invoiceId: string): Promise<string> {
    return (await invoiceBalance(this.#pool, this.#shop.id, invoiceId)).toFixed(2)
  }

  async #pay(order: Order) {
    const { random, plan } = order
    if (!order.invoice) throw new Error(`demo: ${order.publicId} is paid before it is invoiced`)
    const { publicId: invoice, id: invoiceId } = order.invoice
    const businessDate = order.day <= this.#today ? order.day : this.#today
    // Recorded on the day they are dated, as the shop did: a business date is at most a year before the
    // day a payment is recorded, and the demo's history goes back further.
    const at = this.#at(businessDate)
    const method = random.weighted([
      ['card', 6],
      ['cash', 2],
      ['check', 1],
      ['other', 1],
    ] as const)
    const pay = (amount: string, how: string) =>
      this.#change((tx) => recordPayment(tx, this.#actor, { invoice, amount, method: how, businessDate }, { at }))
    const balance = await invoiceBalance(this.#pool, this.#shop.id, invoiceId)
    // An order of free work only (a no-charge inspection) owes nothing: the ledger has nothing to settle.
    if (!balance.greaterThan(0)) return
    if (plan.payment === 'split') {
      const half = balance.dividedBy(2).toDecimalPlaces(2, ExactDecimal.ROUND_DOWN)
      if (half.greaterThan(0)) await pay(half.toFixed(2), 'card')
      await pay(await this.#balance(invoiceId), 'cash')
    } else if (plan.payment === 'reversed') {
      const payment = await pay(balance.toFixed(2), 'card')
      await this.#change((tx) =>
        reversePayment(tx, this.#actor, payment.public_id, { reason: 'Card declined after authorization', at }),
      )
      await pay(await this.#balance(invoiceId), 'cash')
    } else {
      await pay(balance.toFixed(2), method)
    }
    order.state = 'paid'
  }

  /** A goodwill credit note on a paid invoice, and the refund of what it credits. */
  async #credit(order: Order) {
    if (!order.invoice) return
    const { publicId: invoice } = order.invoice
    const businessDate = order.day <= this.#today ? order.day : this.#today
    await this.#change((tx) =>
      issueCreditNote(
        tx,
        this.#actor,
        invoice,
        { amount: '20.00', reason: 'Goodwill: waited longer than promised' },
        { at: this.#at(order.day) },
      ),
    )
    await this.#change((tx) =>
      recordPayment(
        tx,
        this.#actor,
        { invoice, amount: '-20.00', method: 'card', businessDate },
        { at: this.#at(businessDate) },
      ),
    )
  }

  // ---- tasks ----

  async #tasks() {
    const random = this.#random
    const orders = await openRepairOrderIds(this.#pool, this.#shop.id, 20)
    const count = Math.max(8, Math.round(this.#customers.length / 10))
    const statuses: (TaskStatus | 'done')[] = ['open', 'in_progress', 'blocked', 'waiting', 'done']
    for (let index = 0; index < count; index++) {
      const status = index < statuses.length ? (statuses[index] as TaskStatus) : random.pick(statuses)
      const order = orders.length > 0 && random.chance(0.6) ? random.pick(orders).public_id : null
      const customer = random.pick(this.#customers).publicId
      const body = {
        title: random.pick(catalogue.taskTitles),
        priority: random.pick(['low', 'normal', 'normal', 'high', 'urgent'] as const),
        due_at: `${addDays(this.#today, random.int(-3, 10))}T${random.pick(['09', '12', '16'])}:00:00Z`,
        ...(random.chance(0.7) ? { assignee_id: random.pick(this.#technicians.slice(0, -1)) } : {}),
        ...(order ? { repair_order_id: order } : { customer_id: customer }),
        ...(status !== 'done' ? { status } : {}),
      }
      await this.#change(async (tx) => {
        const task = await createTask(tx, this.#actor, parseInput(TaskCreateSchema, body, 'body'))
        if (status === 'done') await completeTask(tx, this.#actor, 'staff', task.public_id)
      })
    }
  }

  async #counts(): Promise<DemoCounts> {
    const counts = await shopRecordCounts(this.#pool, this.#shop.id)
    return {
      customers: counts.customers,
      fleet_accounts: counts.fleet_accounts,
      merged_customers: this.#mergedCustomers,
      vehicles: counts.vehicles,
      technicians: counts.technicians,
      appointments: counts.appointments,
      repair_orders: counts.repair_orders,
      jobs: counts.jobs,
      labor_entries: counts.labor_entries,
      parts: counts.parts,
      canned_jobs: counts.canned_jobs,
      inventory_items: counts.inventory_items,
      invoices: counts.invoices,
      credit_notes: counts.credit_notes,
      payments: counts.payments,
      tasks: counts.tasks,
      events: counts.events,
    }
  }
}
