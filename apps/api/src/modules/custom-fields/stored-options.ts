/**
 * Select options as stored in `custom_fields.options`: a JSON array of strings (older rows may hold
 * `{value, label}` objects, read as their value). Anything unreadable reads as no options.
 */
export function parseStoredOptions(options: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(options ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.map((option) =>
      option !== null && typeof option === 'object' && 'value' in option ? String(option.value) : String(option),
    );
  } catch {
    return [];
  }
}

export const storeOptions = (options: readonly string[] | null | undefined): string | null =>
  options ? JSON.stringify(options) : null;
