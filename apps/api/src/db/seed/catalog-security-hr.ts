import type { CatalogCourse } from './catalog-types.ts';

export const SECURITY_HR_COURSES: readonly CatalogCourse[] = [
  {
    name: 'Phishing Awareness',
    category: 'Security',
    description: 'Recognise phishing e-mails, texts and calls, and report them in one click.',
    durationMinutes: 20,
    passingScore: 80,
    recertifyMonths: 12,
    topics: [
      {
        name: 'Spotting a phish',
        content:
          'Urgency, unexpected attachments, mismatched links and requests for credentials are the classic signs.',
        questions: [
          [
            'Which is a common phishing sign?',
            'Urgent pressure to act now',
            'Your colleague’s usual signature',
            'A meeting you scheduled',
            'A newsletter you subscribed to',
          ],
          [
            'Before clicking a link you should…',
            'Hover to check the real address',
            'Click quickly to see',
            'Forward it to everyone',
            'Reply asking if it is safe',
          ],
          [
            'The sender name shows your CEO, but the address is external. This is…',
            'Likely spoofing',
            'Normal for executives',
            'Safe if polite',
            'A calendar error',
          ],
        ],
      },
      {
        name: 'Reporting and responding',
        content: 'Use the Report Phish button. If you clicked or typed a password, tell the service desk immediately.',
        questions: [
          [
            'You entered your password on a suspicious page. First step?',
            'Tell the service desk and change the password',
            'Wait and see',
            'Clear your browser history',
            'Turn off the laptop for a week',
          ],
          [
            'What should you do with a phishing e-mail?',
            'Report it with the Report Phish button',
            'Reply to the sender',
            'Forward it to colleagues',
            'Open the attachment to check',
          ],
          ['Phishing by text message is called…', 'Smishing', 'Vishing', 'Pharming', 'Spamming'],
        ],
      },
    ],
  },
  {
    name: 'Information Security Essentials',
    category: 'Security',
    description: 'Passwords and MFA, classifying information, clean desks and safe use of devices.',
    durationMinutes: 30,
    passingScore: 75,
    recertifyMonths: 12,
    topics: [
      {
        name: 'Passwords and multi-factor authentication',
        content: 'Use long passphrases, a password manager, and approve only MFA prompts you started.',
        questions: [
          [
            'A strong password is…',
            'A long, unique passphrase',
            'Your pet’s name',
            'The same everywhere',
            'Written on a sticky note',
          ],
          [
            'You get an MFA prompt you did not start. You…',
            'Deny it and report it',
            'Approve it to stop the noise',
            'Ignore it forever',
            'Share the code',
          ],
          [
            'Where should passwords be stored?',
            'In the approved password manager',
            'In a text file on the desktop',
            'In e-mail drafts',
            'On the monitor',
          ],
        ],
      },
      {
        name: 'Classifying information',
        content:
          'Public, Internal, Confidential and Restricted: the label decides how information is stored and shared.',
        questions: [
          ['Salary data is usually classified as…', 'Confidential', 'Public', 'Internal', 'Unclassified'],
          [
            'Confidential files may be shared externally…',
            'Only through approved, encrypted channels',
            'By personal e-mail',
            'On a USB stick found in the car park',
            'On social media',
          ],
          [
            'Who decides the classification?',
            'The information owner',
            'Anyone who reads it',
            'The recipient',
            'Nobody',
          ],
        ],
      },
      {
        name: 'Devices and the clean desk',
        content: 'Lock your screen when you step away, keep devices updated and never plug in unknown media.',
        questions: [
          [
            'Leaving your desk for a coffee, you…',
            'Lock the screen',
            'Leave it open',
            'Ask a visitor to watch it',
            'Turn off the monitor only',
          ],
          [
            'A USB stick labelled “Salaries 2026” is found in the lobby. You…',
            'Hand it to IT without plugging it in',
            'Plug it in to find the owner',
            'Keep it',
            'Share the files',
          ],
          [
            'Software updates should be…',
            'Installed promptly',
            'Postponed for months',
            'Ignored',
            'Installed only on Fridays',
          ],
        ],
      },
    ],
  },
  {
    name: 'Secure Remote Working',
    category: 'Security',
    description: 'Working safely from home and on the move: networks, screens, calls and paper.',
    durationMinutes: 15,
    passingScore: 70,
    recertifyMonths: null,
    topics: [
      {
        name: 'Networks and devices',
        content: 'Use the company VPN on untrusted networks and keep work on company devices.',
        questions: [
          [
            'On café Wi-Fi you should…',
            'Connect through the company VPN',
            'Disable the firewall',
            'Use a shared login',
            'Send files by personal e-mail',
          ],
          [
            'Can family members use your work laptop?',
            'No',
            'Yes, for homework',
            'Yes, at weekends',
            'Only the children',
          ],
          [
            'Your home router still has its default password. You…',
            'Change it to a strong unique one',
            'Leave it',
            'Post it on the fridge',
            'Share it with neighbours',
          ],
        ],
      },
      {
        name: 'Privacy on the move',
        content: 'Mind shoulder surfers, confidential calls in public and printed documents at home.',
        questions: [
          [
            'Reviewing customer data on a train you should…',
            'Use a privacy screen or wait',
            'Enlarge the font',
            'Read it aloud',
            'Take photos of it',
          ],
          [
            'Confidential printouts at home must be…',
            'Shredded or returned to the office',
            'Thrown in household recycling',
            'Kept on the kitchen table',
            'Given to neighbours',
          ],
          [
            'A confidential call in a crowded place is…',
            'To be postponed or moved somewhere private',
            'Fine on speaker',
            'Fine if quick',
            'Best on video',
          ],
        ],
      },
    ],
  },
  {
    name: 'Workplace Harassment Prevention',
    category: 'HR',
    description: 'Recognise harassment and discrimination, intervene safely and know how complaints are handled.',
    durationMinutes: 40,
    passingScore: 80,
    recertifyMonths: 24,
    topics: [
      {
        name: 'Recognising harassment',
        content:
          'Harassment is unwanted conduct that violates dignity or creates a hostile environment, whatever the intent.',
        questions: [
          [
            'What matters most in deciding whether conduct is harassment?',
            'Its effect on the recipient',
            'The intent of the joker',
            'Whether it happened after hours',
            'The seniority of the person',
          ],
          [
            'Repeated comments about a colleague’s religion are…',
            'Harassment',
            'Banter',
            'Acceptable if true',
            'Only a problem if reported twice',
          ],
          [
            'Harassment can happen…',
            'In person, online and at work events',
            'Only in the office',
            'Only between managers',
            'Only in writing',
          ],
          [
            'Which is sexual harassment?',
            'Unwanted comments on someone’s appearance',
            'A project deadline',
            'A performance review',
            'A team lunch invitation',
          ],
        ],
      },
      {
        name: 'Bystander intervention',
        content: 'Direct, distract, delegate, delay: choose a safe way to support the person affected.',
        questions: [
          [
            'You witness harassment in a meeting. A safe option is…',
            'Check in with the person afterwards and offer support',
            'Laugh along',
            'Record it for social media',
            'Do nothing ever',
          ],
          [
            'Delegating means…',
            'Asking a manager or HR to step in',
            'Assigning the victim extra work',
            'Ignoring it',
            'Changing teams',
          ],
          [
            'Bystanders should…',
            'Act in a way that is safe for them and the target',
            'Always confront aggressively',
            'Never get involved',
            'Wait for a formal complaint',
          ],
        ],
      },
      {
        name: 'Complaints and investigations',
        content:
          'Complaints are handled promptly, confidentially and fairly, and retaliation is a disciplinary offence.',
        questions: [
          [
            'Where can a complaint be made?',
            'To a manager, HR or the hotline',
            'Only to the CEO',
            'Only in writing by post',
            'Only to the alleged harasser',
          ],
          [
            'Retaliating against a complainant is…',
            'Prohibited and a disciplinary offence',
            'Allowed if the complaint fails',
            'A management right',
            'Normal',
          ],
          ['Investigations are…', 'Prompt, impartial and confidential', 'Public', 'Optional', 'Handled by the accused'],
        ],
      },
    ],
  },
  {
    name: 'Diversity, Equity and Inclusion',
    category: 'HR',
    description: 'Unconscious bias, inclusive language and building teams where everyone can contribute.',
    durationMinutes: 30,
    passingScore: 70,
    recertifyMonths: null,
    topics: [
      {
        name: 'Unconscious bias',
        content: 'Everyone has biases. Structured decisions and diverse panels reduce their effect.',
        questions: [
          [
            'Unconscious bias is…',
            'An automatic association that influences decisions',
            'Always intentional',
            'Only about gender',
            'Illegal thinking',
          ],
          [
            'Which reduces bias in hiring?',
            'Structured interviews with set criteria',
            'Hiring people like us',
            'Gut feeling',
            'Skipping references',
          ],
          [
            'Affinity bias means favouring people…',
            'Who are similar to us',
            'With more experience',
            'Who arrived first',
            'With longer CVs',
          ],
        ],
      },
      {
        name: 'Inclusive behaviours',
        content:
          'Invite quieter voices, rotate meeting times across time zones, and use people’s names and pronouns correctly.',
        questions: [
          [
            'An inclusive meeting habit is…',
            'Inviting input from everyone',
            'Letting the loudest decide',
            'Always meeting at 7 am',
            'Interrupting to save time',
          ],
          [
            'If you get someone’s name wrong, you…',
            'Apologise briefly and correct it',
            'Keep using it',
            'Avoid them',
            'Make a joke of it',
          ],
          [
            'Reasonable adjustments are…',
            'Changes that remove barriers for disabled colleagues',
            'Special privileges',
            'Optional favours',
            'Only for new joiners',
          ],
        ],
      },
    ],
  },
];
