/** Seeded accounts: the demo accounts of the contracts and the customers who wrote the reviews. */

/** The demo password (README): it passes the password policy and is not in the common-password list. */
export const DEMO_PASSWORD = 'ModulaDemo!2026';

export interface SeedPerson {
  key: string;
  email: string;
  name: string;
  userType: 'customer' | 'vendor';
  country: string;
  language: string;
  admin?: boolean;
  /**
   * A demo account (spec section 6): marked with app_metadata.demo, which only the service role can
   * set, so an address containing "demo." makes nobody a demo account (docs/decisions/005-demo-accounts.md).
   */
  demo?: boolean;
  /** Only the demo accounts can sign in; everyone else has no password. */
  password?: string;
}

export const demoAccounts: SeedPerson[] = [
  { key: 'demo-customer', email: 'demo.customer@modula.eu', name: 'Sofia Lindqvist', userType: 'customer', country: 'SE', language: 'en', demo: true, password: DEMO_PASSWORD },
  { key: 'demo-vendor', email: 'demo.vendor@modula.eu', name: 'Lukas Brenner', userType: 'vendor', country: 'NL', language: 'en', demo: true, password: DEMO_PASSWORD },
  { key: 'demo-admin', email: 'demo.admin@modula.eu', name: 'Amara Okafor', userType: 'customer', country: 'IE', language: 'en', admin: true, demo: true, password: DEMO_PASSWORD },
];

export const reviewers: SeedPerson[] = [
  { key: 'reviewer-1', email: 'hanna.berg@customers.example', name: 'Hanna Berg', userType: 'customer', country: 'SE', language: 'en' },
  { key: 'reviewer-2', email: 'tom.devries@customers.example', name: 'Tom de Vries', userType: 'customer', country: 'NL', language: 'nl' },
  { key: 'reviewer-3', email: 'elena.rossi@customers.example', name: 'Elena Rossi', userType: 'customer', country: 'IT', language: 'it' },
  { key: 'reviewer-4', email: 'jakub.kowalski@customers.example', name: 'Jakub Kowalski', userType: 'customer', country: 'PL', language: 'en' },
  { key: 'reviewer-5', email: 'claire.dubois@customers.example', name: 'Claire Dubois', userType: 'customer', country: 'FR', language: 'fr' },
  { key: 'reviewer-6', email: 'miguel.santos@customers.example', name: 'Miguel Santos', userType: 'customer', country: 'PT', language: 'pt' },
  { key: 'reviewer-7', email: 'anna.schmidt@customers.example', name: 'Anna Schmidt', userType: 'customer', country: 'DE', language: 'de' },
  { key: 'reviewer-8', email: 'liam.obrien@customers.example', name: 'Liam O\'Brien', userType: 'customer', country: 'IE', language: 'en' },
];

/** Review texts by rating, combined with the seeded PRNG. */
export const reviewTexts: Record<number, string[]> = {
  5: [
    'Delivered on the day they promised and the finish is better than in the showroom.',
    'We have lived in it for a winter now: warm, quiet and the energy bills are tiny.',
    'Clear communication from the first call to the handover. I would buy from them again.',
    'The crane lift took three hours and we slept in the house that night. Amazing.',
    'Every detail is thought through, especially the storage. Highly recommended.',
    'The planning advice alone was worth it: they knew exactly what our municipality would ask for.',
    'Our second winter in it and the heating has barely been on. Worth every cent.',
    'They adapted the kitchen layout for us at no extra cost. Friendly, fast and precise.',
    'The site visit before the offer saved us from a costly mistake with the foundations.',
    'Neighbours keep stopping to ask who built it. Beautiful work inside and out.',
    'Honest pricing: the final invoice was exactly the quotation, transport included.',
  ],
  4: [
    'Great quality. The delivery was a week late, but they kept us informed the whole time.',
    'Very happy with the house; a few small snags at handover were fixed within a fortnight.',
    'Good value and a solid build. The paperwork for the permit took some chasing.',
    'Lovely light inside. I wish the standard kitchen had a little more worktop.',
    'Solid build and quick assembly. The instructions for the utility connections could be clearer.',
    'We are happy overall; choosing the finishes took longer than expected because of the many options.',
    'Well made and well insulated. The delivery slot moved twice, but the crew was excellent.',
    'Good advice and a fair price. Some paint touch-ups were needed after the crane lift.',
    'Reliable team. The online configurator and the final drawings did not match at first.',
  ],
  3: [
    'Decent product, but the groundworks estimate was far too optimistic.',
    'The house is fine; after-sales service could be faster.',
    'It does what it should, but we waited six weeks for a replacement window seal.',
    'Fair quality for the money. Expect to manage the groundworks contractor yourself.',
    'Nice design, though the heating controls took a service visit to set up properly.',
  ],
};

export const demoConversation = [
  { from: 'customer', text: 'Hello! Is the Haven Garden 96 available for delivery in spring next year?' },
  { from: 'vendor', text: 'Hi Sofia, yes — we still have factory slots in March and April. Do you already have a plot?' },
  { from: 'customer', text: 'We do, near Uppsala, slightly sloping. Would screw piles work?' },
  { from: 'vendor', text: 'They usually do on a slope. I can send you a quotation including transport to Sweden.' },
];
