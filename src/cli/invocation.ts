/**
 * The command as the person started it, for hints that tell them what to type next: `npx shopapi`
 * under npx (npm exec sets npm_command), else `shopapi` (a global install, where `npx shopapi`
 * would look the package up on the registry and fail with E404).
 */
export function invokedAs(env: NodeJS.ProcessEnv = process.env): string {
  return env.npm_command === 'exec' ? 'npx shopapi' : 'shopapi'
}
