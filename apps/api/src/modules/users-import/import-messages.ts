/**
 * Row messages of the import. The field-format messages come from the contract's schemas and the
 * users module (zod, custom fields, role and scope rules); these are the checks the users module
 * makes one row at a time against the database, which the import makes for a whole chunk at once.
 */
export const ROW_MESSAGES = {
  // The users module's words (users/taken-answers.ts), which say nothing of where the name is held (F9).
  usernameTaken: 'This username cannot be used. Choose another, or ask your administrator.',
  emailTaken: 'This e-mail address cannot be used. Choose another, or ask your administrator.',
  ownManager: 'A user cannot be their own manager.',
  managerNotFound: 'No user of this company has this username or e-mail.',
  duplicateUsername: 'This username is already in an earlier row of the file.',
  duplicateEmail: 'This e-mail address is already in an earlier row of the file.',
  noIdentifier: 'Give a username or an e-mail address.',
  noMatchKey: (field: string) => `Give the ${field} to match an existing user.`,
  departmentNotFound: 'No department has this path. Check the names, or choose "create missing departments".',
  departmentAmbiguous: (candidates: string[]) =>
    `Several departments are called this: ${candidates.join('; ')}. Write the full path of the one you mean.`,
  departmentOutOfScope: 'Choose a department you manage.',
  userOutOfScope: 'This user is in a department you do not manage.',
  role: 'Choose Student, Reviewer, Department Manager or Company Manager.',
  flag: 'Enter yes or no (or Active / Deactivated).',
  tooManyCells: (cells: number, headers: number) => `This row has ${cells} cells; the header has ${headers}.`,
  notSaved: (message: string) => `The row could not be saved: ${message}`,
} as const;
