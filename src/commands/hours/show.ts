import { HoursCommand } from '../../cli/shop-hours.js'
import { presentHours } from '../../resources/shop-hours/present.js'
import { readHours } from '../../resources/shop-hours/service.js'

export default class HoursShow extends HoursCommand {
  static override description =
    "Show the shop's weekly opening hours with each day's capacity (appointments a day), and its closures from today on."
  static override examples = ['<%= config.bin %> hours show', '<%= config.bin %> hours show --json']

  async run() {
    const { flags } = await this.parse(HoursShow)
    const hours = presentHours(await this.staffRead(flags, ({ db, shop }) => readHours(db, shop.id)))
    this.printHours(hours)
    return hours
  }
}
