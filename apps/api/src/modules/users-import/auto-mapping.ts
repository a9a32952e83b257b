import {
  IMPORT_CUSTOM_FIELD_PREFIX,
  IMPORT_FIELD_LABELS,
  IMPORT_USER_FIELDS,
  type ImportMapping,
} from '@heed/contract';

export interface MappableField {
  key: string;
  label: string;
}

/** Lower case, letters and digits only: `E-mail Address` → `emailaddress`. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** What HR systems and spreadsheets call each user field, beside its key and label. */
const SYNONYMS: Record<(typeof IMPORT_USER_FIELDS)[number], string[]> = {
  username: ['user', 'login', 'loginname', 'userid', 'userlogin', 'account', 'accountname', 'samaccountname'],
  email: ['mail', 'emailaddress', 'workemail', 'businessemail', 'emailid'],
  first_name: ['firstname', 'givenname', 'forename', 'first', 'prenom', 'vorname'],
  last_name: ['lastname', 'surname', 'familyname', 'last', 'nom', 'nachname'],
  role: ['userrole', 'accessrole', 'permission'],
  department: ['dept', 'departmentpath', 'team', 'division', 'orgunit', 'organizationalunit', 'unit'],
  manager: ['supervisor', 'managerusername', 'manageremail', 'reportsto', 'linemanager'],
  phone: ['phonenumber', 'mobile', 'mobilephone', 'telephone', 'tel', 'cell', 'workphone'],
  hired_at: ['hiredate', 'hireddate', 'startdate', 'datehired', 'hiredon', 'joined', 'joindate', 'employmentstart'],
  suspended: ['deactivated', 'status', 'disabled', 'inactive', 'accountstatus'],
};

/**
 * Maps each header to a user field or custom field (by key or label, ignoring case, spaces and
 * punctuation), or null. A field is taken by the first header that names it; custom fields win
 * over user-field synonyms but not over a user field's own key or label.
 */
export function autoMap(headers: readonly string[], customFields: readonly MappableField[]): ImportMapping {
  const exact = new Map<string, string>();
  const loose = new Map<string, string>();
  for (const field of IMPORT_USER_FIELDS) {
    exact.set(headerKey(field), field);
    exact.set(headerKey(IMPORT_FIELD_LABELS[field]), field);
  }
  for (const field of customFields) {
    const target = `${IMPORT_CUSTOM_FIELD_PREFIX}${field.key}`;
    for (const name of [field.key, field.label]) if (!exact.has(headerKey(name))) exact.set(headerKey(name), target);
  }
  for (const field of IMPORT_USER_FIELDS) {
    for (const synonym of SYNONYMS[field]) if (!exact.has(headerKey(synonym))) loose.set(headerKey(synonym), field);
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = headerKey(header);
    const target = exact.get(key) ?? loose.get(key) ?? null;
    if (target === null || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}
