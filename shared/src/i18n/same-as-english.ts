/**
 * Translations that may read exactly like the English string, because they are truly the same: brand
 * names and units in every language ("*"), and words a language uses as English does ("Newsletter" in
 * German, "Contact" in French). Each entry is the value's words without its placeholders, so
 * "{{price}} per m²" is allowed in Dutch by "per m²". The locale check (findLocaleProblems) reports
 * any other value that is a copy of English; add a word here only when a native speaker would write
 * exactly that. Plain data without imports: scripts run it with Node as it is.
 */
export const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  '*': ['Modula', 'OK', 'm²', 'sq ft', 'kWh', 'kW', 'kWp', 'CO₂', 'EUR', 'PDF', 'ID', 'URL', 'API', 'Wi-Fi', 'WiFi'],
  es: ['Asia', 'Blog', 'Error', 'Interior', 'Legal', 'No', 'Sauna'],
  fr: [
    'Application', 'Architecture', 'Blog', 'Certifications', 'Commercial', 'Consultant', 'Contact', 'Drainage', 'Europe', 'FAQ',
    'Kitchenette', 'Message', 'Messages', 'Newsletter', 'Page', 'Pergola', 'Premium', 'Sauna', 'Services', 'Sessions', 'Standard', 'Version', 'budget',
    'design', 'installation', 'litres',
  ],
  de: ['Blog', 'Carport', 'Dashboard', 'Drainage', 'FAQ', 'Manifest', 'Name', 'Newsletter', 'Pergola', 'Premium', 'Sauna', 'Standard', 'Upgrade', 'Upgrades', 'Version', 'Website'],
  it: [
    'Africa', 'Asia', 'Blog', 'Dashboard', 'Email', 'FAQ', 'Home', 'Interior design', 'Manifest', 'Newsletter', 'No', 'Oceania', 'Password',
    'Premium', 'Sauna', 'Standard', 'budget', 'design',
  ],
  pt: ['Blog', 'Interior', 'Kitchenette', 'Newsletter', 'Sauna', 'Website', 'design'],
  nl: [
    'A-frame', 'Antarctica', 'Blog', 'Carport', 'Contact', 'Contract', 'Dashboard', 'Drainage', 'Filters', 'Kitchenette', 'Manifest',
    'Open API', 'Pergola', 'Sauna', 'Tags', 'Upgrades', 'Water', 'Website', 'budget', 'per m²', 'week',
  ],
  tr: ['Blog', 'Git commit', 'Manifest', 'Pergola', 'Sauna'],
};
