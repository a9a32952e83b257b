import type { CatalogCourse } from './catalog-types.ts';
import type { DemoScormSpec } from './demo-scorm-packages.ts';

// The demo's course media (stored by demo-media.ts the way an upload stores it): two SCORM packages,
// one per SCORM version, each played by a course of its own, and the Code of Conduct policy (a PDF)
// that the Code of Conduct course asks learners to read and acknowledge.

export const FIRE_DOORS_PACKAGE: DemoScormSpec = {
  version: '1.2',
  identifier: 'heed.demo.fire-doors',
  title: 'Fire Door Safety',
  masteryScore: 80,
  pages: [
    {
      heading: 'What a fire door is for',
      paragraphs: [
        'A fire door holds back fire and smoke for 30 or 60 minutes, long enough for everyone to leave by the protected escape route behind it.',
        'It only works when it is closed: a wedged or propped door lets smoke fill the stairs in a few minutes.',
      ],
    },
    {
      heading: 'Checking a fire door',
      paragraphs: [
        'Look for the blue "Fire door keep shut" sign, intact intumescent strips around the edge, and gaps of no more than 3–4 mm.',
        'Open the door fully and let go: it must close by itself onto the latch from any angle, without sticking on the floor or frame.',
      ],
    },
    {
      heading: 'What to do about a faulty door',
      paragraphs: [
        'Never wedge a fire door open, hang things on it, or remove its closer. Doors that must stay open have a hold-open device that releases on the alarm.',
        'Report damaged seals, broken closers or doors that do not latch to Facilities the same day, and tell your fire warden.',
      ],
    },
  ],
  check: [
    {
      prompt: 'A fire door on your corridor is wedged open to help with deliveries. What do you do?',
      options: [
        'Remove the wedge and report it if it happens again',
        'Leave it: deliveries are important',
        'Tape the wedge down',
      ],
      right: 0,
    },
    {
      prompt: 'When does a fire door protect the escape route?',
      options: ['Only when it is closed', 'Always, open or closed', 'Only when the alarm sounds'],
      right: 0,
    },
  ],
};

export const EVACUATION_PACKAGE: DemoScormSpec = {
  version: '2004',
  identifier: 'heed.demo.evacuation',
  title: 'Evacuation and Assembly',
  masteryScore: 80,
  pages: [
    {
      heading: 'When the alarm sounds',
      paragraphs: [
        'A continuous alarm means leave now. Stop what you are doing, leave your belongings and go by the nearest safe exit.',
        'Close doors behind you, do not use lifts, and help visitors who do not know the way.',
      ],
    },
    {
      heading: 'At the assembly point',
      paragraphs: [
        'Go to your assembly point and report to the fire warden, who checks the list of people on site.',
        'Tell the warden about anyone you know is still inside, and where. Never go back into the building until the fire service says it is safe.',
      ],
    },
    {
      heading: 'People who need help',
      paragraphs: [
        'Colleagues with a personal emergency evacuation plan (PEEP) have named helpers and a refuge point on each stair.',
        'If you see someone at a refuge point, tell the warden at once: the fire service goes to them first.',
      ],
    },
  ],
  check: [
    {
      prompt: 'The alarm sounds while you are on a call with a customer. What do you do?',
      options: ['End the call and leave by the nearest safe exit', 'Finish the call first', 'Wait to see if it stops'],
      right: 0,
    },
    {
      prompt: 'Who do you report to at the assembly point?',
      options: ['The fire warden', 'Nobody: go home', 'Your customer'],
      right: 0,
    },
  ],
};

/** The Code of Conduct policy, printed into the demo's policy PDF. */
export const CONDUCT_POLICY = {
  title: 'Code of Conduct policy',
  version: 'Version 4.2, approved by the Board',
  sections: [
    {
      heading: '1. Scope',
      text: 'This policy applies to every employee, manager, director and contractor, in every country where we work. Breaches may lead to disciplinary action, up to and including dismissal.',
    },
    {
      heading: '2. Acting with integrity',
      text: 'We obey the law, tell the truth in our records and reports, and never offer or accept bribes, kickbacks or improper gifts. When the law and this Code differ, we follow the stricter rule.',
    },
    {
      heading: '3. Respect at work',
      text: 'We treat colleagues, customers and suppliers with respect. Harassment, bullying and discrimination are not tolerated, whoever the target and whoever the person responsible.',
    },
    {
      heading: '4. Conflicts of interest',
      text: 'Disclose to your manager any personal interest that could influence, or appear to influence, your decisions at work: a relative at a supplier, a second job, an investment in a competitor.',
    },
    {
      heading: '5. Company assets and information',
      text: 'Use company property, systems and funds for legitimate business only. Keep confidential information confidential, also after you leave.',
    },
    {
      heading: '6. Speaking up',
      text: 'Raise concerns with your manager, Compliance or the confidential hotline. We protect everyone who reports in good faith: retaliation is itself a breach of this Code.',
    },
  ],
} as const;

/** The two courses that play a SCORM package; their names are also in the companies' course lists. */
export const SCORM_COURSES: readonly CatalogCourse[] = [
  {
    name: 'Fire Door Safety',
    category: 'Safety',
    description: 'A short SCORM 1.2 module: what fire doors do, how to check one, and what to do about a faulty door.',
    durationMinutes: 15,
    passingScore: 80,
    recertifyMonths: null,
    topics: [
      { name: 'Fire doors (interactive module)', content: '', questions: [], media: 'fire-doors' },
      {
        name: 'Fire doors: check your understanding',
        content: 'Three questions on what you saw in the module.',
        questions: [
          [
            'How long is a typical fire door rated to hold back fire?',
            '30 or 60 minutes',
            '5 minutes',
            'A whole day',
            'It depends on the weather',
          ],
          [
            'A fire door does not close onto its latch by itself. You…',
            'Report it to Facilities the same day',
            'Wedge it shut',
            'Remove the closer',
            'Ignore it until the next inspection',
          ],
          [
            'Which sign marks a fire door?',
            'A blue "Fire door keep shut" sign',
            'A green running-man sign',
            'A yellow hazard triangle',
            'No sign at all',
          ],
        ],
        feedback: [
          [
            'Right: 30 or 60 minutes, long enough to leave by the protected route.',
            'Not quite: fire doors are rated for 30 or 60 minutes (FD30, FD60).',
          ],
          [
            'Right: a door that does not latch does not hold back smoke.',
            'No: a faulty door is reported to Facilities the same day; never wedge it or remove its closer.',
          ],
          [
            'Right: the blue mandatory sign reads "Fire door keep shut".',
            'Not that one: fire doors carry a blue "Fire door keep shut" sign.',
          ],
        ],
      },
    ],
  },
  {
    name: 'Evacuation and Assembly',
    category: 'Safety',
    description:
      'A short SCORM 2004 module: leaving the building when the alarm sounds, the assembly point, and helping others.',
    durationMinutes: 15,
    passingScore: 80,
    recertifyMonths: 24,
    topics: [
      { name: 'Evacuation (interactive module)', content: '', questions: [], media: 'evacuation' },
      {
        name: 'Evacuation: check your understanding',
        content: 'Two questions on what you saw in the module.',
        questions: [
          [
            'Can you use the lift during an evacuation?',
            'No, use the stairs',
            'Yes, if it is quicker',
            'Only going down',
            'Only with a colleague',
          ],
          [
            'Where does the fire service go first?',
            'To people waiting at refuge points',
            'To the car park',
            'To the reception desk',
            'To the canteen',
          ],
        ],
        feedback: [
          ['Right: lifts can stop or open onto the fire floor.', 'No: never use a lift when the alarm sounds.'],
          [
            'Right: tell the warden about anyone at a refuge point at once.',
            'Not quite: people at refuge points are helped first, so tell the warden about them.',
          ],
        ],
      },
    ],
  },
];
