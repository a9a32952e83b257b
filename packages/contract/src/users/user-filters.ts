/**
 * Select options may hold commas ("Detroit, MI"), while a `field[…]=a,b` filter separates its values
 * with them, so "Detroit, MI" arrives as the fragments "Detroit" and "MI". This joins fragments
 * that spell one of the options (trimmed, longest option first) back into it; every other value is
 * kept as it came. The API reads select filters through it, and the console shows them through it.
 */
export function joinOptionFragments(fragments: readonly string[], options: readonly string[]): string[] {
  const split = options
    .map((option) => ({ option, parts: option.split(',').map((part) => part.trim()) }))
    .filter(({ parts }) => parts.length > 1)
    .sort((a, b) => b.parts.length - a.parts.length);
  const values: string[] = [];
  for (let i = 0; i < fragments.length; ) {
    const match = split.find(({ parts }) => parts.every((part, k) => fragments[i + k]?.trim() === part));
    values.push(match ? match.option : fragments[i]!);
    i += match ? match.parts.length : 1;
  }
  return values;
}
