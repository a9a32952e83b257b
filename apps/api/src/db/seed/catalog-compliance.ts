import type { CatalogCourse } from './catalog-types.ts';

export const COMPLIANCE_COURSES: readonly CatalogCourse[] = [
  {
    name: 'Anti-Bribery and Corruption',
    category: 'Compliance',
    description:
      'Recognise, refuse and report bribes, kickbacks and improper gifts under the FCPA and the UK Bribery Act.',
    durationMinutes: 30,
    passingScore: 80,
    recertifyMonths: 12,
    topics: [
      {
        name: 'What counts as a bribe',
        content:
          'A bribe is anything of value offered to improperly influence a decision: cash, gifts, travel, jobs for relatives.',
        questions: [
          [
            'Which of these can be a bribe?',
            'A paid holiday for a buyer deciding on our tender',
            'A branded pen at a trade fair',
            'A sandwich at a working lunch',
            'A thank-you e-mail',
          ],
          [
            'A facilitation payment is…',
            'A small unofficial payment to speed up a routine action, and prohibited',
            'Allowed under our policy',
            'A normal customs fee with a receipt',
            'A tip to a waiter',
          ],
          [
            'Who can commit bribery on our behalf?',
            'Employees, agents, distributors and other third parties',
            'Only directors',
            'Only sales staff',
            'Only public officials',
          ],
        ],
      },
      {
        name: 'Gifts and hospitality',
        content:
          'Modest, infrequent and transparent hospitality is fine. Record anything above the threshold in the gifts register.',
        questions: [
          [
            'A supplier offers concert tickets during a contract renewal. You should…',
            'Decline and record the offer in the gifts register',
            'Accept if you pay the tax',
            'Accept and tell nobody',
            'Ask for cash instead',
          ],
          [
            'Gifts to public officials…',
            'Need prior approval from Compliance',
            'Are always allowed below 500 EUR',
            'Never need recording',
            'Are fine if given abroad',
          ],
          [
            'What makes hospitality acceptable?',
            'It is modest, occasional, business-related and recorded',
            'It is given after the deal closes',
            'It is paid in cash',
            'The recipient asks for it',
          ],
        ],
      },
      {
        name: 'Speaking up',
        content:
          'Report suspected bribery to your manager, Compliance or the confidential hotline. Retaliation is forbidden.',
        questions: [
          [
            'You suspect a colleague paid a kickback. What do you do?',
            'Report it to Compliance or the hotline',
            'Investigate it yourself',
            'Confront the colleague publicly',
            'Ignore it unless you have proof',
          ],
          [
            'Can you be punished for a report made in good faith?',
            'No, retaliation is prohibited',
            'Yes, if it turns out to be wrong',
            'Only if you are a manager',
            'Only if it was anonymous',
          ],
          [
            'Which channel lets you report anonymously?',
            'The confidential hotline',
            'A team chat',
            'Your social media',
            'A customer survey',
          ],
        ],
      },
    ],
  },
  {
    name: 'Code of Conduct',
    category: 'Compliance',
    description: 'How we work: integrity, respect, conflicts of interest, company assets and where to ask for help.',
    durationMinutes: 25,
    passingScore: 70,
    recertifyMonths: 12,
    topics: [
      {
        name: 'Our values in practice',
        content:
          'The Code applies to everyone, every day. When the Code is silent, ask: is it legal, fair, and would I be comfortable reading about it?',
        questions: [
          [
            'Who must follow the Code of Conduct?',
            'Every employee, manager and director',
            'Only new joiners',
            'Only managers',
            'Only office staff',
          ],
          [
            'The Code does not cover a situation. You should…',
            'Ask your manager or Compliance',
            'Do whatever is fastest',
            'Assume it is allowed',
            'Wait for a new Code',
          ],
          [
            'Which question helps test a decision?',
            'Would I be comfortable if it were made public?',
            'Will anyone find out?',
            'Is it the cheapest option?',
            'Did a competitor do it?',
          ],
        ],
      },
      {
        name: 'Conflicts of interest',
        content:
          'Disclose any personal interest that could influence, or look like it influences, your work decisions.',
        questions: [
          [
            'Your sister owns a firm bidding for our contract. You…',
            'Disclose it and step out of the decision',
            'Score her bid highest',
            'Keep quiet if her price is good',
            'Resign immediately',
          ],
          [
            'A second job is acceptable when…',
            'It is disclosed and does not compete or interfere',
            'It is paid in cash',
            'It is for a competitor',
            'Nobody knows about it',
          ],
          [
            'When should you disclose a conflict?',
            'As soon as you become aware of it',
            'At the annual review only',
            'Only if asked',
            'After the contract is signed',
          ],
        ],
      },
      {
        name: 'Company assets and records',
        content: 'Use company equipment, data and funds for business purposes and keep accurate, complete records.',
        questions: [
          [
            'Expense reports must be…',
            'Accurate and supported by receipts',
            'Rounded up for convenience',
            'Submitted by a colleague',
            'Paid in cash',
          ],
          [
            'Changing a record to hide a mistake is…',
            'Falsification and prohibited',
            'Fine if the amount is small',
            'Allowed at quarter end',
            'A manager decision',
          ],
          [
            'Company laptops may be used for…',
            'Business work and limited, reasonable personal use',
            'Running a side business',
            'Sharing with family',
            'Storing pirated software',
          ],
        ],
      },
      { name: 'Code of Conduct policy', content: '', questions: [], media: 'conduct-policy' },
    ],
  },
  {
    name: 'Anti-Money Laundering',
    category: 'Financial Crime',
    description: 'Spot red flags, perform customer due diligence and file suspicious activity reports on time.',
    durationMinutes: 45,
    passingScore: 80,
    recertifyMonths: 12,
    topics: [
      {
        name: 'The three stages of money laundering',
        content:
          'Placement puts illicit cash into the system, layering hides its origin, integration returns it as apparently clean funds.',
        questions: [
          [
            'Which stage hides the origin of funds through many transfers?',
            'Layering',
            'Placement',
            'Integration',
            'Settlement',
          ],
          [
            'Splitting cash deposits to stay under the reporting threshold is called…',
            'Structuring (smurfing)',
            'Netting',
            'Hedging',
            'Clearing',
          ],
          [
            'Buying property with laundered money is an example of…',
            'Integration',
            'Placement',
            'Layering',
            'Reconciliation',
          ],
        ],
      },
      {
        name: 'Customer due diligence',
        content:
          'Verify identity, understand the nature of the relationship, identify beneficial owners and apply enhanced checks to higher risk.',
        questions: [
          [
            'A beneficial owner is…',
            'The natural person who ultimately owns or controls the customer',
            'The account manager',
            'Any shareholder of the bank',
            'The notary',
          ],
          [
            'Politically exposed persons require…',
            'Enhanced due diligence and senior approval',
            'No checks',
            'A lower risk rating',
            'Cash-only accounts',
          ],
          [
            'When must due diligence be refreshed?',
            'When risk changes and on the periodic review cycle',
            'Never',
            'Only at account opening',
            'Only when the customer asks',
          ],
          [
            'A customer refuses to explain the source of large funds. This is…',
            'A red flag to escalate',
            'Normal privacy',
            'A reason to fast-track',
            'Irrelevant',
          ],
        ],
      },
      {
        name: 'Reporting suspicion',
        content: 'Report suspicion internally to the MLRO without delay and never tip off the customer.',
        questions: [
          [
            'To whom do you report a suspicious transaction?',
            'The Money Laundering Reporting Officer',
            'The customer',
            'Your friends',
            'The press',
          ],
          [
            'Telling the customer about a report is…',
            'Tipping off, a criminal offence',
            'Good service',
            'Required by law',
            'Allowed after a week',
          ],
          [
            'You need certainty before reporting.',
            'False: reasonable suspicion is enough',
            'True',
            'Only for cash',
            'Only above 10,000',
          ],
        ],
      },
    ],
  },
  {
    name: 'Data Protection (GDPR)',
    category: 'Compliance',
    description: 'Personal data principles, lawful bases, data subject rights and what to do about a breach.',
    durationMinutes: 35,
    passingScore: 80,
    recertifyMonths: 24,
    topics: [
      {
        name: 'Principles and lawful bases',
        content:
          'Process only the personal data you need, for a clear purpose, on a lawful basis, and keep it no longer than necessary.',
        questions: [
          [
            'Which is personal data?',
            'An employee ID linked to a name',
            'A company turnover figure',
            'A product price list',
            'Anonymous aggregated statistics',
          ],
          [
            'Data minimisation means…',
            'Collecting only what is necessary for the purpose',
            'Compressing files',
            'Deleting backups daily',
            'Using small fonts',
          ],
          [
            'Which is a lawful basis for processing?',
            'Performance of a contract',
            'Curiosity',
            'Convenience',
            'Marketing trends',
          ],
        ],
      },
      {
        name: 'Rights of individuals',
        content:
          'People may access, correct, erase and port their data, and object to some processing. Respond within one month.',
        questions: [
          [
            'How long do we have to answer an access request?',
            'One month',
            'One year',
            'Seven days, no extensions ever',
            'There is no deadline',
          ],
          [
            'A customer asks what data we hold about them. This is…',
            'A subject access request',
            'A complaint to ignore',
            'A marketing lead',
            'A breach',
          ],
          [
            'Can an individual ask for incorrect data to be fixed?',
            'Yes, the right to rectification',
            'No',
            'Only in writing by post',
            'Only employees',
          ],
        ],
      },
      {
        name: 'Personal data breaches',
        content:
          'Report a suspected breach to the privacy team immediately: serious breaches must reach the regulator within 72 hours.',
        questions: [
          [
            'You e-mailed a spreadsheet of customer data to the wrong person. You…',
            'Report it to the privacy team at once',
            'Hope nobody notices',
            'Delete your sent items',
            'Wait a week',
          ],
          ['Serious breaches must be notified to the regulator within…', '72 hours', '30 days', '6 months', 'No limit'],
          [
            'A lost unencrypted laptop with HR files is…',
            'A personal data breach',
            'Only an IT issue',
            'Not reportable',
            'Fine if it is found later',
          ],
        ],
      },
    ],
  },
];
