/** Small embedded name lists for realistic people in the demo and the large generator. */
export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Charlotte', 'James',
  'Ava', 'William', 'Isabella', 'Benjamin', 'Mia', 'Lucas', 'Evelyn', 'Henry', 'Harper', 'Theodore',
  'Luna', 'Jack', 'Camila', 'Levi', 'Gianna', 'Alexander', 'Elizabeth', 'Jackson', 'Eleanor', 'Mateo',
  'Ella', 'Daniel', 'Abigail', 'Michael', 'Sofia', 'Mason', 'Avery', 'Sebastian', 'Scarlett', 'Ethan',
  'Emily', 'Logan', 'Aria', 'Owen', 'Penelope', 'Samuel', 'Chloe', 'Jacob', 'Layla', 'Asher',
  'Priya', 'Arjun', 'Aisha', 'Omar', 'Fatima', 'Yusuf', 'Mei', 'Wei', 'Hana', 'Kenji',
  'Sakura', 'Hiroshi', 'Ingrid', 'Lars', 'Astrid', 'Sven', 'Freya', 'Magnus', 'Siobhan', 'Declan',
  'José', 'Lucía', 'Zoë', 'Chloé', 'Jürgen', 'Anaïs', 'Chidi', 'Amara', 'Kwame', 'Nia',
];

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Patel', 'Shah', 'Khan', 'Ali', 'Chen', 'Wang', 'Tanaka', 'Sato', 'Kim', 'Park',
  'Hansen', 'Johansen', 'Larsen', 'Nilsen', 'Berg', 'Lindqvist', 'Murphy', 'Kelly', "O'Brien", 'Walsh',
  'Müller', 'Schmidt', 'Dubois', 'Lefèvre', 'Rossi', 'Bianchi', 'Okafor', 'Mensah', 'Kowalski', 'Novak',
];

/** A login-safe form of a name: lower-case ASCII letters only ("O'Brien" → "obrien", "Zoë" → "zoe"). */
export function loginPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
