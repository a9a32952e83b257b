// Text for the PDF's standard fonts, which encode WinAnsi only (Western European letters): any other
// character would make pdf-lib throw. Letters outside it are written the nearest way the font can:
// their base letter (ő → o), a conventional spelling (Ł → L, ж → zh, Ω → O), else "?". The stored
// certificate, the verification page and the PDF's metadata keep the exact name.

const SPELLINGS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Ə: 'E',
  ə: 'e',
  ĸ: 'k',
  Ŋ: 'N',
  ŋ: 'n',
  ſ: 's',
  ƒ: 'f',
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
  Þ: 'Th',
  þ: 'th',
  Ð: 'D',
  ð: 'd',
  // Cyrillic (a simple scholarly-free spelling, as passports print it).
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Ґ: 'G',
  Д: 'D',
  Е: 'E',
  Ё: 'E',
  Є: 'Ye',
  Ж: 'Zh',
  З: 'Z',
  И: 'I',
  І: 'I',
  Ї: 'Yi',
  Й: 'Y',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ў: 'U',
  Ф: 'F',
  Х: 'Kh',
  Ц: 'Ts',
  Ч: 'Ch',
  Ш: 'Sh',
  Щ: 'Shch',
  Ъ: '',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'Yu',
  Я: 'Ya',
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Greek.
  Α: 'A',
  Β: 'V',
  Γ: 'G',
  Δ: 'D',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'I',
  Θ: 'Th',
  Ι: 'I',
  Κ: 'K',
  Λ: 'L',
  Μ: 'M',
  Ν: 'N',
  Ξ: 'X',
  Ο: 'O',
  Π: 'P',
  Ρ: 'R',
  Σ: 'S',
  Τ: 'T',
  Υ: 'Y',
  Φ: 'F',
  Χ: 'Ch',
  Ψ: 'Ps',
  Ω: 'O',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/** Combining marks left by NFKD (the accents of a decomposed letter). */
const MARKS = /\p{M}/gu;

/**
 * `text` as a font can draw it: each character kept when the font has it, else spelled with
 * characters it has; control characters and line breaks become spaces.
 */
export function drawable(text: string, has: (codePoint: number) => boolean): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (has(code)) out += char;
    else out += spell(char, has);
  }
  return out.replace(/\s+/g, ' ').trim();
}

function spell(char: string, has: (codePoint: number) => boolean): string {
  const known = SPELLINGS[char] ?? SPELLINGS[char.normalize('NFKD').replace(MARKS, '')];
  const candidate = known ?? char.normalize('NFKD').replace(MARKS, '');
  const fits = candidate !== '' && [...candidate].every((c) => has(c.codePointAt(0) ?? 0));
  if (fits || known === '') return candidate;
  return '?';
}

/** A file name safe in a Content-Disposition header's plain `filename` (ASCII, no quotes or path characters). */
export function asciiFileName(name: string): string {
  const ascii = drawable(name, (code) => code >= 0x20 && code < 0x7f);
  return (
    ascii
      .replace(/[\\/:*?"<>|%;]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim() || 'Certificate'
  );
}
