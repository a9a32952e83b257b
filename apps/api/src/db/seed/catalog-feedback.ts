/**
 * Feedback on the first questions topic of each catalog course, by course name: per question, what the
 * learner reads after the correct answer, then after any wrong one (the player shows it once answered).
 */
export const FIRST_TOPIC_FEEDBACK: Readonly<Record<string, readonly (readonly [right: string, wrong: string])[]>> = {
  'Anti-Bribery and Corruption': [
    [
      'Right: a valuable benefit to someone deciding on our tender is exactly what a bribe looks like.',
      'Not quite: a token gift or a working lunch is normal courtesy; a paid holiday for a decision-maker is not.',
    ],
    [
      'Right: facilitation payments are bribes, however small, and our policy forbids them.',
      'No: a facilitation payment is a small unofficial payment to speed up a routine action, and it is prohibited.',
    ],
    [
      'Right: we are liable for bribes paid by anyone acting for us, third parties included.',
      'Not only them: employees, agents, distributors and other third parties can all bribe on our behalf.',
    ],
  ],
  'Code of Conduct': [
    [
      'Right: the Code applies to everyone, whatever their role.',
      'No: every employee, manager and director follows the Code.',
    ],
    [
      'Right: when the Code is silent, ask before you act.',
      'Not quite: if the Code does not cover a situation, ask your manager or Compliance.',
    ],
    [
      'Right: if you would not want it made public, think again.',
      'No: the test is whether you would be comfortable seeing the decision made public.',
    ],
  ],
  'Anti-Money Laundering': [
    [
      'Right: layering moves money through many transactions to hide where it came from.',
      'Not quite: that stage is layering (placement brings cash in, integration brings it back as clean).',
    ],
    [
      'Right: structuring (smurfing) splits deposits to avoid reporting, and is itself suspicious.',
      'No: splitting deposits to stay under the threshold is structuring, also called smurfing.',
    ],
    [
      'Right: integration brings laundered money back into the economy as apparently legitimate assets.',
      'Not quite: buying property with laundered funds is integration, the last stage.',
    ],
  ],
  'Data Protection (GDPR)': [
    [
      'Right: an ID linked to a name identifies a person, so it is personal data.',
      'Not quite: personal data is anything that identifies a person, such as an employee ID linked to a name.',
    ],
    [
      'Right: collect only what you need for the purpose.',
      'No: data minimisation means collecting only what is necessary for the purpose.',
    ],
    [
      'Right: performing a contract is one of the six lawful bases.',
      'Not that one: the lawful bases include consent, contract, legal obligation, vital and public interests and legitimate interests.',
    ],
  ],
  'Phishing Awareness': [
    [
      'Right: pressure to act now is the commonest sign of a phish.',
      'Not quite: watch for urgency above all: phishers want you to act before you think.',
    ],
    [
      'Right: hover first to see where the link really goes.',
      'No: hover over the link to check the real address before clicking.',
    ],
    [
      'Right: a familiar name on an external address is likely spoofing: report it.',
      'Not quite: a known name with an external address is a classic spoof.',
    ],
  ],
  'Information Security Essentials': [
    ['Right: length and uniqueness make a password strong.', 'No: a strong password is a long, unique passphrase.'],
    [
      'Right: an MFA prompt you did not start means someone has your password: deny and report.',
      'Not quite: never approve a prompt you did not start; deny it and report it.',
    ],
    [
      'Right: the approved password manager keeps them encrypted.',
      'No: store passwords in the approved password manager, nowhere else.',
    ],
  ],
  'Secure Remote Working': [
    [
      'Right: the VPN encrypts your traffic on untrusted networks.',
      'Not quite: on public Wi-Fi, connect through the company VPN.',
    ],
    ['Right: a work laptop is for you alone.', 'No: family members may not use your work laptop.'],
    [
      'Right: default router passwords are public knowledge.',
      'Not quite: change the default password to a strong, unique one.',
    ],
  ],
  'Workplace Harassment Prevention': [
    [
      'Right: what counts is the effect on the person, not the intent behind it.',
      'Not quite: harassment is judged by its effect on the recipient, whatever was intended.',
    ],
    [
      'Right: repeated comments about a protected characteristic are harassment.',
      'No: repeated comments about someone’s religion are harassment.',
    ],
    [
      'Right: harassment can happen anywhere work takes you, online too.',
      'Not only there: harassment can happen in person, online and at work events.',
    ],
    [
      'Right: unwanted comments on appearance are sexual harassment.',
      'Not quite: unwanted comments on someone’s appearance are sexual harassment.',
    ],
  ],
  'Diversity, Equity and Inclusion': [
    [
      'Right: unconscious bias is automatic, which is why it needs deliberate checks.',
      'Not quite: unconscious bias is an automatic association that influences decisions.',
    ],
    [
      'Right: structured interviews judge every candidate on the same criteria.',
      'No: structured interviews with set criteria reduce bias.',
    ],
    [
      'Right: affinity bias favours people like us.',
      'Not quite: affinity bias means favouring people who are similar to us.',
    ],
  ],
  'Fire Safety': [
    [
      'Right: remove any one of heat, fuel or oxygen and the fire goes out.',
      'No: the fire triangle is heat, fuel and oxygen.',
    ],
    [
      'Right: a wedged fire door lets smoke and fire spread.',
      'Not quite: fire doors are kept closed and never wedged open.',
    ],
    [
      'Right: damaged cables are a fire risk: report them and stop using them.',
      'No: report a frayed cable and take it out of use.',
    ],
  ],
  'Manual Handling': [
    ['Right: Task, Individual, Load, Environment.', 'Not quite: TILE is Task, Individual, Load, Environment.'],
    [
      'Right: tilt a corner to judge the weight before you lift.',
      'No: test an unfamiliar load’s weight by tilting one corner first.',
    ],
    ['Right: a pallet truck takes the load off your back.', 'Not quite: a pallet truck is the handling aid here.'],
  ],
  'Hazard Communication': [
    ['Right: "Danger" marks the more severe hazards.', 'No: the signal word for the more severe hazards is "Danger".'],
    ['Right: the flame means flammable.', 'Not quite: the flame pictogram means flammable.'],
    [
      'Right: every container says what is in it and what the hazards are.',
      'No: a secondary container must be labelled with its contents and hazards.',
    ],
  ],
  'Lockout/Tagout': [
    [
      'Right: a compressed spring holds stored energy even with the power off.',
      'Not quite: a compressed spring is stored energy.',
    ],
    [
      'Right: only authorised, trained employees apply locks.',
      'No: locks are applied by authorised, trained employees only.',
    ],
    [
      'Right: lockout prevents an unexpected start-up while you work.',
      'Not quite: we lock out to prevent unexpected start-up during service.',
    ],
  ],
  'HIPAA Privacy and Security': [
    [
      'Right: a name with a diagnosis is protected health information.',
      'Not quite: PHI is health information linked to a person, such as a name with a diagnosis.',
    ],
    ['Right: use only the PHI the task needs.', 'No: minimum necessary means using only the PHI needed for the task.'],
    [
      'Right: curiosity is never a reason to open a record.',
      'Not quite: looking up a record without a work reason is a privacy violation.',
    ],
  ],
  'Bloodborne Pathogens': [
    [
      'Right: treat all blood and body fluids as infectious.',
      'No: universal precautions treat all blood and body fluids as infectious.',
    ],
    [
      'Right: before and after contact, and after removing gloves.',
      'Not quite: clean your hands before and after patient contact and after removing gloves.',
    ],
    [
      'Right: hepatitis B vaccination is offered to at-risk staff.',
      'No: staff at risk are offered the hepatitis B vaccine.',
    ],
  ],
};
