/** ./node-flags.mjs */
export function serverNodeFlags(env: Record<string, string | undefined>): string[];
