/** The seeded vendors: manufacturers, contractors, suppliers and consultants across Europe. */

export type CompanyType = 'manufacturer' | 'contractor' | 'supplier' | 'consultant';

export interface SeedCompany {
  key: string;
  name: string;
  type: CompanyType;
  verified: boolean;
  country: string;
  city: string;
  founded: number;
  description: string;
  /** The member who answers customers; `demo` is the demo vendor account. */
  contact: { name: string; email: string } | 'demo';
  /** Logo colours and mark. */
  brand: { primary: string; accent: string; mark: 'peak' | 'leaf' | 'box' | 'sun' | 'drop' | 'grid' | 'arch' | 'wave' };
}

export const companies: SeedCompany[] = [
  {
    key: 'nordlys', name: 'Nordlys Modular', type: 'manufacturer', verified: true, country: 'NO', city: 'Trondheim', founded: 2011,
    description: 'Nordlys builds timber A-frame cabins in a heated hall outside Trondheim and delivers them finished, insulated for Arctic winters, on a single truck.',
    contact: { name: 'Ingrid Solberg', email: 'ingrid@nordlys-modular.example' },
    brand: { primary: '#1f4e5f', accent: '#f2b441', mark: 'peak' },
  },
  {
    key: 'haven', name: 'Haven Modular', type: 'manufacturer', verified: true, country: 'NL', city: 'Utrecht', founded: 2016,
    description: 'Haven designs bright, all-electric modular homes in cross-laminated timber, assembled on site in two days and ready for a heat pump and solar roof.',
    contact: 'demo',
    brand: { primary: '#2f6f4e', accent: '#e8d7b0', mark: 'arch' },
  },
  {
    key: 'kiefer', name: 'Kiefer Holzbau Module', type: 'manufacturer', verified: true, country: 'DE', city: 'Freiburg', founded: 1994,
    description: 'Family-run timber frame builder from the Black Forest. Kiefer prefabricates whole wall and roof elements to KfW-40 efficiency standards.',
    contact: { name: 'Jonas Kiefer', email: 'jonas@kiefer-holzbau.example' },
    brand: { primary: '#6b3e26', accent: '#9fc26b', mark: 'leaf' },
  },
  {
    key: 'boxwell', name: 'Boxwell Container Works', type: 'manufacturer', verified: true, country: 'DK', city: 'Aarhus', founded: 2013,
    description: 'Boxwell converts retired shipping containers into insulated homes, studios and pop-up shops, shot-blasted, re-coated and fitted out in Aarhus harbour.',
    contact: { name: 'Mads Kjeldsen', email: 'mads@boxwell.example' },
    brand: { primary: '#c2502f', accent: '#1d2b36', mark: 'box' },
  },
  {
    key: 'casa-ligera', name: 'Casa Ligera', type: 'manufacturer', verified: true, country: 'ES', city: 'Valencia', founded: 2018,
    description: 'Light-weight tiny homes for the Mediterranean: shaded facades, cross ventilation and cork insulation, built on road-legal trailers.',
    contact: { name: 'Lucía Ferrer', email: 'lucia@casaligera.example' },
    brand: { primary: '#d9822b', accent: '#27536b', mark: 'sun' },
  },
  {
    key: 'petite-maison', name: 'Atelier Petite Maison', type: 'manufacturer', verified: true, country: 'FR', city: 'Nantes', founded: 2015,
    description: 'Carpenters from the Loire valley building tiny houses on wheels with French larch cladding, wood-fibre insulation and clever storage stairs.',
    contact: { name: 'Camille Moreau', email: 'camille@petitemaison.example' },
    brand: { primary: '#3c4f8a', accent: '#f0c987', mark: 'arch' },
  },
  {
    key: 'alpen-raum', name: 'Alpen Raum Systeme', type: 'manufacturer', verified: true, country: 'AT', city: 'Innsbruck', founded: 2008,
    description: 'Modular offices, classrooms and site cabins for the Alpine region, built to stack, relocate and reconfigure as a business grows.',
    contact: { name: 'Katharina Huber', email: 'katharina@alpenraum.example' },
    brand: { primary: '#38424f', accent: '#e2463d', mark: 'grid' },
  },
  {
    key: 'baltic-timber', name: 'Baltic Timber Homes', type: 'manufacturer', verified: true, country: 'EE', city: 'Tartu', founded: 2005,
    description: 'Estonian factory-built family homes: Nordic timber frames, triple glazing and ventilation with heat recovery, shipped across Europe.',
    contact: { name: 'Mari Tamm', email: 'mari@baltictimber.example' },
    brand: { primary: '#20544a', accent: '#c9d66b', mark: 'leaf' },
  },
  {
    key: 'vistula', name: 'Vistula Module', type: 'manufacturer', verified: false, country: 'PL', city: 'Kraków', founded: 2020,
    description: 'Steel-frame commercial modules from Kraków: offices, showrooms and site facilities with short lead times.',
    contact: { name: 'Piotr Nowak', email: 'piotr@vistula-module.example' },
    brand: { primary: '#5b2a86', accent: '#f4c95d', mark: 'grid' },
  },
  {
    key: 'lago', name: 'Lago Modulare', type: 'manufacturer', verified: true, country: 'IT', city: 'Bergamo', founded: 2012,
    description: 'Italian modular villas with generous terraces, designed with architects from Milan and built in Bergamo to Class A4 energy performance.',
    contact: { name: 'Giulia Ricci', email: 'giulia@lagomodulare.example' },
    brand: { primary: '#1e5a7a', accent: '#e9a23b', mark: 'wave' },
  },
  {
    key: 'solvind', name: 'Solvind Energi', type: 'supplier', verified: true, country: 'SE', city: 'Gothenburg', founded: 2010,
    description: 'Solar panels, home batteries and heat pumps sized for small and modular homes, with installers in the Nordics and the Baltics.',
    contact: { name: 'Erik Lindahl', email: 'erik@solvind.example' },
    brand: { primary: '#f2a900', accent: '#143d59', mark: 'sun' },
  },
  {
    key: 'aquacircle', name: 'AquaCircle', type: 'supplier', verified: true, country: 'PT', city: 'Porto', founded: 2014,
    description: 'Rainwater harvesting, greywater recycling and efficient water heating for homes off and on the grid.',
    contact: { name: 'Tiago Almeida', email: 'tiago@aquacircle.example' },
    brand: { primary: '#1b7fa6', accent: '#a6e1fa', mark: 'drop' },
  },
  {
    key: 'greenroof', name: 'GreenRoof Collective', type: 'supplier', verified: false, country: 'BE', city: 'Ghent', founded: 2019,
    description: 'Sedum roofs, timber decks and natural cladding for modular buildings, from a cooperative of Flemish craftspeople.',
    contact: { name: 'Lotte Peeters', email: 'lotte@greenroof.example' },
    brand: { primary: '#4c8c2b', accent: '#e6efc2', mark: 'leaf' },
  },
  {
    key: 'huset', name: 'Huset Interiør', type: 'supplier', verified: true, country: 'FI', city: 'Tampere', founded: 2009,
    description: 'Compact kitchens, wet rooms, built-in furniture and smart controls made to fit modular floor plans to the millimetre.',
    contact: { name: 'Aino Virtanen', email: 'aino@huset.example' },
    brand: { primary: '#44546a', accent: '#f3d9b1', mark: 'grid' },
  },
  {
    key: 'terra', name: 'Terra Foundations', type: 'contractor', verified: true, country: 'IE', city: 'Galway', founded: 2007,
    description: 'Groundworks, screw-pile foundations, delivery, crane placement and utility connections for modular homes across Ireland and the UK.',
    contact: { name: 'Siobhán Murphy', email: 'siobhan@terrafoundations.example' },
    brand: { primary: '#7a5230', accent: '#f1c27d', mark: 'peak' },
  },
  {
    key: 'kvadrat', name: 'Studio Kvadrat', type: 'consultant', verified: true, country: 'CZ', city: 'Brno', founded: 2013,
    description: 'Architects and interior designers specialised in modular and prefab buildings, from the first sketch to the building permit.',
    contact: { name: 'Tereza Dvořáková', email: 'tereza@studiokvadrat.example' },
    brand: { primary: '#222222', accent: '#e94e3c', mark: 'grid' },
  },
  {
    key: 'clearpath', name: 'Clearpath Advisory', type: 'consultant', verified: false, country: 'CH', city: 'Zürich', founded: 2021,
    description: 'Independent advice on financing, energy performance and pre-purchase inspections for buyers of prefab homes.',
    contact: { name: 'Noah Keller', email: 'noah@clearpath.example' },
    brand: { primary: '#0f4c81', accent: '#9ad0ec', mark: 'wave' },
  },
];

/** Places listings are located in, with coordinates for the map. */
export const places: { city: string; region: string; country: string; lat: number; lng: number }[] = [
  { city: 'Trondheim', region: 'Trøndelag', country: 'NO', lat: 63.4305, lng: 10.3951 },
  { city: 'Lillehammer', region: 'Innlandet', country: 'NO', lat: 61.1153, lng: 10.4662 },
  { city: 'Utrecht', region: 'Utrecht', country: 'NL', lat: 52.0907, lng: 5.1214 },
  { city: 'Almere', region: 'Flevoland', country: 'NL', lat: 52.3508, lng: 5.2647 },
  { city: 'Freiburg', region: 'Baden-Württemberg', country: 'DE', lat: 47.999, lng: 7.8421 },
  { city: 'Leipzig', region: 'Saxony', country: 'DE', lat: 51.3397, lng: 12.3731 },
  { city: 'Lübeck', region: 'Schleswig-Holstein', country: 'DE', lat: 53.8655, lng: 10.6866 },
  { city: 'Aarhus', region: 'Central Denmark', country: 'DK', lat: 56.1629, lng: 10.2039 },
  { city: 'Copenhagen', region: 'Capital Region', country: 'DK', lat: 55.6761, lng: 12.5683 },
  { city: 'Valencia', region: 'Valencian Community', country: 'ES', lat: 39.4699, lng: -0.3763 },
  { city: 'Oviedo', region: 'Asturias', country: 'ES', lat: 43.3614, lng: -5.8593 },
  { city: 'Nantes', region: 'Pays de la Loire', country: 'FR', lat: 47.2184, lng: -1.5536 },
  { city: 'Annecy', region: 'Auvergne-Rhône-Alpes', country: 'FR', lat: 45.8992, lng: 6.1294 },
  { city: 'Innsbruck', region: 'Tyrol', country: 'AT', lat: 47.2692, lng: 11.4041 },
  { city: 'Graz', region: 'Styria', country: 'AT', lat: 47.0707, lng: 15.4395 },
  { city: 'Tartu', region: 'Tartu County', country: 'EE', lat: 58.3776, lng: 26.729 },
  { city: 'Pärnu', region: 'Pärnu County', country: 'EE', lat: 58.3859, lng: 24.4971 },
  { city: 'Kraków', region: 'Lesser Poland', country: 'PL', lat: 50.0647, lng: 19.945 },
  { city: 'Gdańsk', region: 'Pomerania', country: 'PL', lat: 54.352, lng: 18.6466 },
  { city: 'Bergamo', region: 'Lombardy', country: 'IT', lat: 45.6983, lng: 9.6773 },
  { city: 'Lucca', region: 'Tuscany', country: 'IT', lat: 43.8429, lng: 10.5027 },
  { city: 'Gothenburg', region: 'Västra Götaland', country: 'SE', lat: 57.7089, lng: 11.9746 },
  { city: 'Porto', region: 'Norte', country: 'PT', lat: 41.1579, lng: -8.6291 },
  { city: 'Ericeira', region: 'Lisbon', country: 'PT', lat: 38.9631, lng: -9.4157 },
  { city: 'Ghent', region: 'East Flanders', country: 'BE', lat: 51.0543, lng: 3.7174 },
  { city: 'Tampere', region: 'Pirkanmaa', country: 'FI', lat: 61.4978, lng: 23.761 },
  { city: 'Galway', region: 'Connacht', country: 'IE', lat: 53.2707, lng: -9.0568 },
  { city: 'Brno', region: 'South Moravia', country: 'CZ', lat: 49.1951, lng: 16.6068 },
  { city: 'Zürich', region: 'Zürich', country: 'CH', lat: 47.3769, lng: 8.5417 },
];
