import { Help } from '@oclif/core'

/**
 * oclif's help, with text that holds no template tag left as it is rather than compiled by ejs: the
 * root and topic listings render every command's description (66 of them), and compiling each cost
 * about 45 ms of the 0.45 s of `shopapi --help`. The output is the same: ejs leaves text without `<%`
 * as it is. Command help (its examples use `<%= config.bin %>`) is rendered by oclif's CommandHelp, as before.
 */
export default class ShopapiHelp extends Help {
  constructor(...args: ConstructorParameters<typeof Help>) {
    super(...args)
    const render = this.render
    this.render = (text: string) => (text.includes('<%') ? render(text) : text)
  }
}
