import type { CatalogCourse } from './catalog-types.ts';

export const SAFETY_HEALTH_COURSES: readonly CatalogCourse[] = [
  {
    name: 'Fire Safety',
    category: 'Safety',
    description: 'Preventing fires, raising the alarm, using extinguishers and evacuating safely.',
    durationMinutes: 20,
    passingScore: 80,
    recertifyMonths: 12,
    topics: [
      {
        name: 'Fire prevention',
        content: 'Fire needs heat, fuel and oxygen. Good housekeeping and safe electrics remove most causes.',
        questions: [
          [
            'The fire triangle is…',
            'Heat, fuel and oxygen',
            'Smoke, flame and ash',
            'Water, foam and CO2',
            'Alarm, exit and assembly',
          ],
          [
            'Fire doors should be…',
            'Kept closed and never wedged open',
            'Propped open for air',
            'Locked during the day',
            'Used for storage',
          ],
          [
            'A frayed cable under your desk should be…',
            'Reported and taken out of use',
            'Taped over',
            'Ignored',
            'Moved under the carpet',
          ],
        ],
      },
      {
        name: 'Raising the alarm and evacuating',
        content: 'Raise the alarm, leave by the nearest exit, do not use lifts and go to the assembly point.',
        questions: [
          [
            'On discovering a fire, first…',
            'Raise the alarm',
            'Finish your e-mail',
            'Collect your belongings',
            'Open the windows',
          ],
          ['During an evacuation you should not use…', 'Lifts', 'Stairs', 'Fire exits', 'Handrails'],
          [
            'At the assembly point you…',
            'Report to the fire warden and stay until told',
            'Go home',
            'Return for your bag',
            'Move the car',
          ],
        ],
      },
      {
        name: 'Extinguishers',
        content: 'Only tackle a small fire if trained and safe. Water is never for electrical or oil fires.',
        questions: [
          ['Which extinguisher suits an electrical fire?', 'CO2', 'Water', 'Foam on live equipment', 'Wet chemical'],
          [
            'PASS stands for…',
            'Pull, Aim, Squeeze, Sweep',
            'Push, Alarm, Shout, Stop',
            'Panic, Alert, Save, Sprint',
            'Point, Aim, Spray, Stand',
          ],
          [
            'You should fight a fire only if…',
            'It is small, you are trained and have an escape route',
            'Nobody is watching',
            'It is large',
            'You have a bucket',
          ],
        ],
      },
    ],
  },
  {
    name: 'Manual Handling',
    category: 'Safety',
    description: 'Assess loads, lift safely and use handling aids to prevent back injuries.',
    durationMinutes: 25,
    passingScore: 70,
    recertifyMonths: 36,
    topics: [
      {
        name: 'Assessing the task',
        content: 'Think TILE: Task, Individual, Load, Environment before lifting anything heavy or awkward.',
        questions: [
          [
            'TILE stands for…',
            'Task, Individual, Load, Environment',
            'Time, Item, Lift, Exit',
            'Team, Instruction, Labour, Equipment',
            'Test, Inspect, Lift, End',
          ],
          [
            'Before lifting an unfamiliar box you…',
            'Test its weight by tilting one corner',
            'Lift it as fast as possible',
            'Twist to pick it up',
            'Kick it',
          ],
          ['Which is a handling aid?', 'A pallet truck', 'A hard hat', 'A fire blanket', 'A first-aid kit'],
        ],
      },
      {
        name: 'Safe lifting technique',
        content: 'Stable base, bend the knees, keep the load close, avoid twisting, lift smoothly.',
        questions: [
          ['Keep the load…', 'Close to your waist', 'At arm’s length', 'Above your head', 'On one side'],
          [
            'To turn while carrying, you…',
            'Move your feet rather than twisting',
            'Twist your back',
            'Throw the load',
            'Run',
          ],
          [
            'A load is too heavy. You…',
            'Get help or a handling aid',
            'Try anyway',
            'Drag it by the strap',
            'Leave it in the walkway',
          ],
        ],
      },
    ],
  },
  {
    name: 'Hazard Communication',
    category: 'Safety',
    description: 'Chemical labels, safety data sheets and protective equipment under the Globally Harmonized System.',
    durationMinutes: 30,
    passingScore: 80,
    recertifyMonths: 12,
    topics: [
      {
        name: 'Labels and pictograms',
        content: 'GHS labels show a signal word, pictograms, hazard and precautionary statements.',
        questions: [
          ['The signal word for the more severe hazards is…', 'Danger', 'Warning', 'Caution', 'Notice'],
          ['A flame pictogram means…', 'Flammable', 'Corrosive', 'Toxic', 'Under pressure'],
          [
            'A secondary container must be…',
            'Labelled with its contents and hazards',
            'Unlabelled',
            'A drinks bottle',
            'Stored in the fridge with food',
          ],
        ],
      },
      {
        name: 'Safety data sheets',
        content: 'Every hazardous chemical has a 16-section safety data sheet: read it before first use.',
        questions: [
          ['How many sections does an SDS have?', '16', '4', '10', '32'],
          ['First-aid measures are found…', 'In the SDS', 'On the invoice', 'In the canteen', 'Nowhere'],
          [
            'SDSs must be…',
            'Readily accessible to workers',
            'Locked in the manager’s office',
            'Kept only by the supplier',
            'Discarded after purchase',
          ],
        ],
      },
      {
        name: 'Protective equipment and spills',
        content: 'Use the PPE the SDS requires, and follow the spill procedure: stop, contain, report.',
        questions: [
          [
            'For a small chemical spill you first…',
            'Stop, warn others and contain it if trained',
            'Mop it with your sleeve',
            'Leave it',
            'Pour water on everything',
          ],
          ['Damaged gloves should be…', 'Replaced before use', 'Taped', 'Shared', 'Worn inside out'],
          ['Which PPE protects eyes from splashes?', 'Chemical goggles', 'Sunglasses', 'A cap', 'Ear plugs'],
        ],
      },
    ],
  },
  {
    name: 'Lockout/Tagout',
    category: 'Safety',
    description: 'Controlling hazardous energy while servicing machines: isolate, lock, tag, verify.',
    durationMinutes: 35,
    passingScore: 90,
    recertifyMonths: 12,
    topics: [
      {
        name: 'Hazardous energy',
        content: 'Electrical, hydraulic, pneumatic, thermal and stored mechanical energy can all restart a machine.',
        questions: [
          ['Which is stored energy?', 'A compressed spring', 'A painted wall', 'A closed door', 'A printed manual'],
          [
            'Who may apply a lock?',
            'An authorised, trained employee',
            'Any visitor',
            'The machine vendor only',
            'Nobody',
          ],
          [
            'Why lock out a machine?',
            'To prevent unexpected start-up during service',
            'To save power',
            'To stop theft',
            'To speed production',
          ],
        ],
      },
      {
        name: 'The lockout procedure',
        content: 'Notify, shut down, isolate, apply lock and tag, release stored energy, verify zero energy.',
        questions: [
          [
            'After applying locks, you must…',
            'Verify zero energy by trying to start the machine',
            'Start work immediately',
            'Remove the tag',
            'Leave the area',
          ],
          [
            'Your lock may be removed by…',
            'You, or under a formal supervised procedure',
            'Any colleague',
            'The next shift',
            'Nobody ever',
          ],
          [
            'A tag alone without a lock is…',
            'Only allowed where a lock cannot be fitted, with extra measures',
            'Always enough',
            'Better than a lock',
            'Optional',
          ],
        ],
      },
    ],
  },
  {
    name: 'HIPAA Privacy and Security',
    category: 'Healthcare',
    description: 'Protecting patient health information: minimum necessary use, safeguards and breach reporting.',
    durationMinutes: 40,
    passingScore: 80,
    recertifyMonths: 12,
    topics: [
      {
        name: 'Protected health information',
        content: 'PHI is any health information linked to an individual. Use and share only the minimum necessary.',
        questions: [
          [
            'Which is PHI?',
            'A patient’s name with their diagnosis',
            'A blank form',
            'A drug price list',
            'The clinic’s opening hours',
          ],
          [
            'Minimum necessary means…',
            'Using only the PHI needed for the task',
            'Using all available records',
            'Sharing with the whole team',
            'Printing everything',
          ],
          [
            'Looking up a famous patient’s record out of curiosity is…',
            'A privacy violation',
            'Fine if you work there',
            'Allowed after hours',
            'Research',
          ],
        ],
      },
      {
        name: 'Safeguards',
        content:
          'Administrative, physical and technical safeguards protect PHI: policies, locked areas, access controls, encryption.',
        questions: [
          [
            'Which is a technical safeguard?',
            'Unique user logins with automatic logoff',
            'A locked filing cabinet',
            'A training policy',
            'A visitor badge',
          ],
          [
            'Discussing a patient in the lift is…',
            'To be avoided',
            'Fine if quiet',
            'Required',
            'Fine with first names',
          ],
          [
            'Faxing PHI to a wrong number is…',
            'A potential breach to report',
            'Nothing',
            'Only a cost issue',
            'The recipient’s problem',
          ],
        ],
      },
      {
        name: 'Patient rights and breaches',
        content:
          'Patients may access and amend their records. Report suspected breaches to the privacy officer immediately.',
        questions: [
          [
            'A patient asks for a copy of their record. They…',
            'Have a right to access it',
            'Must ask their lawyer',
            'Cannot see it',
            'Must pay a deposit first always',
          ],
          ['Suspected breaches go to…', 'The privacy officer', 'The patient’s family', 'Social media', 'Nobody'],
          [
            'Which is a breach?',
            'Leaving printed lab results in a public waiting room',
            'Locking a screen',
            'Shredding old forms',
            'Verifying a caller’s identity',
          ],
        ],
      },
    ],
  },
  {
    name: 'Bloodborne Pathogens',
    category: 'Healthcare',
    description: 'Preventing exposure to HBV, HCV and HIV: universal precautions, sharps safety and exposure response.',
    durationMinutes: 30,
    passingScore: 80,
    recertifyMonths: 12,
    topics: [
      {
        name: 'Universal precautions',
        content: 'Treat all blood and body fluids as potentially infectious and wear the right protection.',
        questions: [
          [
            'Universal precautions treat…',
            'All blood and body fluids as infectious',
            'Only known cases',
            'Only visible blood',
            'Only needles',
          ],
          [
            'Hand hygiene is needed…',
            'Before and after patient contact and after removing gloves',
            'Once per shift',
            'Only when hands look dirty',
            'Never with gloves',
          ],
          ['Which vaccine is offered to at-risk staff?', 'Hepatitis B', 'Rabies', 'Yellow fever', 'Typhoid'],
        ],
      },
      {
        name: 'Sharps safety',
        content: 'Never recap needles by hand. Dispose of sharps immediately in a puncture-resistant container.',
        questions: [
          [
            'Used needles go…',
            'Straight into a sharps container',
            'Back into their cap by hand',
            'In the general bin',
            'On the tray for later',
          ],
          ['A sharps container is full at…', 'The fill line', 'Overflowing', 'Only when it cannot close', 'Never'],
          [
            'You find a needle on the floor. You…',
            'Pick it up with tongs and put it in a sharps container',
            'Pick it up by hand',
            'Kick it aside',
            'Leave it',
          ],
        ],
      },
      {
        name: 'After an exposure',
        content:
          'Wash the area, report at once and get a medical evaluation: post-exposure treatment works best within hours.',
        questions: [
          [
            'After a needlestick you first…',
            'Wash the area with soap and water',
            'Squeeze and suck the wound',
            'Finish the shift',
            'Apply bleach',
          ],
          ['Exposures must be reported…', 'Immediately', 'At the end of the month', 'Only if symptoms appear', 'Never'],
          [
            'Post-exposure prophylaxis works best when started…',
            'Within hours',
            'After a month',
            'After symptoms',
            'Next year',
          ],
        ],
      },
    ],
  },
];
