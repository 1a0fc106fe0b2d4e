/** Homes and commercial units: seven models for each of the nine space types of the spec. */

export type SpaceType =
  | 'residential' | 'commercial' | 'tiny_home' | 'container_home' | 'prefab_house' | 'modular_home' | 'a_frame'
  | 'mobile_office' | 'pop_up_shop';

export interface Model {
  company: string;
  title: string;
  /** What sets this model apart, one sentence. */
  pitch: string;
  /** Facts the pitch or the title states; the listing's fields take them instead of random values. */
  bedrooms?: number;
  bathrooms?: number;
}

export interface SpaceTypeSpec {
  listingType: 'property' | 'commercial';
  subcategories: string[];
  models: Model[];
  price: [number, number];
  sizeSqm: [number, number];
  bedrooms: [number, number];
  bathrooms: [number, number];
  leadWeeks: [number, number];
  /** A number in a model's title is its size in m² ("Skog 65" is 65 m²). */
  sizeInTitle?: boolean;
  intro: string[];
  details: string[];
  features: string[];
  materials: string[];
  certifications: string[];
  energy: string[];
}

export const spaceTypes: Record<SpaceType, SpaceTypeSpec> = {
  a_frame: {
    sizeInTitle: true,
    listingType: 'property', subcategories: ['cabins-holiday', 'off-grid', 'compact-living'],
    models: [
      { company: 'nordlys', title: 'Fjell 42 A-frame cabin', pitch: 'A steep roof sheds snow on its own and a full-height glass gable faces the view.' },
      { company: 'nordlys', title: 'Nordlys Loft A-frame', pitch: 'The sleeping loft sits under the ridge with a skylight for watching the northern lights.' },
      { company: 'nordlys', title: 'Havørn 30 micro A-frame', pitch: 'Small enough to go without a building permit in many municipalities.' },
      { company: 'nordlys', title: 'Skog 65 family A-frame', pitch: 'Two bedrooms on the ground floor and a play loft above make it a real family cabin.', bedrooms: 2 },
      { company: 'nordlys', title: 'Polar 55 A-frame with sauna', pitch: 'A wood-fired sauna is built into the rear gable, with its own entrance from the deck.' },
      { company: 'nordlys', title: 'Lysning 24 A-frame studio', pitch: 'A single open room with a wood stove, ideal as a writing studio or guest cabin.', bedrooms: 0, bathrooms: 1 },
      { company: 'nordlys', title: 'Vinter 80 twin-deck A-frame', pitch: 'Decks on both gables let you follow the sun from breakfast to dinner.' },
    ],
    price: [48000, 185000], sizeSqm: [24, 80], bedrooms: [1, 3], bathrooms: [1, 2], leadWeeks: [10, 20],
    intro: ['The {title} is a timber A-frame of {size} built for long winters and bright summers.', '{title}: a classic A-frame of {size}, delivered finished and insulated.'],
    details: ['The frame is Norwegian spruce with wood-fibre insulation between the rafters.', 'Triple-glazed gable windows bring in daylight deep into the living space.', 'The cabin arrives on a single truck and is craned onto screw piles in a day.'],
    features: ['Wood stove', 'Sleeping loft', 'Glass gable', 'Covered deck', 'Sauna', 'Skylight', 'Screw-pile foundation'],
    materials: ['Spruce', 'Wood fibre insulation', 'Slate roofing', 'Larch cladding'],
    certifications: ['Nordic Swan Ecolabel', 'PEFC'], energy: ['A', 'B', 'A+'],
  },
  tiny_home: {
    listingType: 'property', subcategories: ['compact-living', 'off-grid'],
    models: [
      { company: 'casa-ligera', title: 'Ligera 6.6 tiny house on wheels', pitch: 'Road-legal at 3.5 tonnes, so a standard car trailer licence is enough to move it.' },
      { company: 'casa-ligera', title: 'Brisa 7.2 tiny home', pitch: 'Shutters and cross ventilation keep it cool through a Valencian summer without air conditioning.' },
      { company: 'casa-ligera', title: 'Terraza 8 tiny home with roof deck', pitch: 'A folding stair leads to a roof deck that doubles the living space in good weather.' },
      { company: 'petite-maison', title: 'Petite Loire 6 tiny house', pitch: 'A storage staircase with nine drawers climbs to a double bed under the roof.' },
      { company: 'petite-maison', title: 'Cabane 7.5 tiny house', pitch: 'Two lofts, one for sleeping and one for a home office, above a full kitchen.' },
      { company: 'petite-maison', title: 'Atelier 5.4 micro studio', pitch: 'A compact studio on wheels for artists, guests or a garden office.', bedrooms: 0 },
      { company: 'petite-maison', title: 'Grand Petit 8.5 tiny family home', pitch: 'A ground-floor bedroom and a loft for the children make tiny living work for four.', bedrooms: 1 },
    ],
    price: [36000, 98000], sizeSqm: [14, 32], bedrooms: [1, 2], bathrooms: [1, 1], leadWeeks: [8, 16],
    intro: ['The {title} packs a full home into {size} on a road-legal trailer.', '{title}: {size} of light, well-insulated living that can move with you.'],
    details: ['Cork and wood-fibre insulation keep it warm in winter and cool in summer.', 'A composting toilet and a 200-litre fresh water tank make it ready for land without connections.', 'Every piece of furniture is built in and doubles as storage.'],
    features: ['Sleeping loft', 'Composting toilet', 'Full kitchen', 'Storage stairs', 'On wheels', 'Fold-out deck', 'Solar ready'],
    materials: ['Cork insulation', 'Larch cladding', 'Birch plywood', 'Recycled steel chassis'],
    certifications: ['PEFC', 'FSC'], energy: ['A', 'B', 'C'],
  },
  container_home: {
    listingType: 'property', subcategories: ['compact-living', 'family-homes', 'cabins-holiday'],
    models: [
      { company: 'boxwell', title: 'Harbour 20 studio container', pitch: 'One 20-foot container turned into a studio with a full-width glass door.', bedrooms: 0, bathrooms: 1 },
      { company: 'boxwell', title: 'Harbour 40 one-bedroom container home', pitch: 'A separate bedroom at one end and a galley kitchen at the other.', bedrooms: 1 },
      { company: 'boxwell', title: 'Twin 40 container house', pitch: 'Two containers side by side with the inner walls removed for an open living room.' },
      { company: 'boxwell', title: 'Stack 3 three-container home', pitch: 'Two containers below and one across the top create a covered terrace and a view.' },
      { company: 'boxwell', title: 'Courtyard L-shape container home', pitch: 'An L-shaped plan wraps around a private courtyard garden.' },
      { company: 'boxwell', title: 'Dune 40 HC holiday container', pitch: 'A high-cube container with a shaded deck, made for a beach plot.' },
      { company: 'boxwell', title: 'Quay 2x40 family container home', pitch: 'Three bedrooms and two bathrooms across two stacked high-cube containers.', bedrooms: 3, bathrooms: 2 },
    ],
    price: [29000, 165000], sizeSqm: [14, 90], bedrooms: [0, 3], bathrooms: [1, 2], leadWeeks: [6, 14],
    intro: ['The {title} gives a retired shipping container a second life as {size} of home.', '{title}: {size} built from reused containers, insulated and fitted out in Aarhus.'],
    details: ['Each container is shot-blasted and coated before 120 mm of insulation goes in.', 'Reusing the steel shell saves around three tonnes of new steel per container.', 'The units bolt together on site, so the home can be moved again later.'],
    features: ['Full-width glass door', 'Roof terrace', 'Galley kitchen', 'Underfloor heating', 'Steel frame', 'Relocatable'],
    materials: ['Reused container steel', 'Mineral wool insulation', 'Oak flooring', 'Recycled steel'],
    certifications: ['Cradle to Cradle'], energy: ['B', 'C', 'A'],
  },
  prefab_house: {
    sizeInTitle: true,
    listingType: 'property', subcategories: ['family-homes'],
    models: [
      { company: 'kiefer', title: 'Schwarzwald 120 prefab house', pitch: 'A traditional gabled house with a modern open ground floor.' },
      { company: 'kiefer', title: 'Kiefer Bungalow 95', pitch: 'Everything on one level, with wide doors and a level-access shower.' },
      { company: 'kiefer', title: 'Kiefer Duo 150 semi-detached', pitch: 'Two mirrored homes under one roof halve the cost of the plot.' },
      { company: 'kiefer', title: 'Feldberg 135 with carport', pitch: 'A timber carport with a solar roof is part of the package.' },
      { company: 'kiefer', title: 'Kiefer Stadt 110 townhouse', pitch: 'A narrow three-storey plan for urban infill plots.' },
      { company: 'kiefer', title: 'Sonnenhang 160 family house', pitch: 'Large south-facing windows and a roof overhang tuned for winter sun and summer shade.' },
      { company: 'kiefer', title: 'Kiefer Kompakt 80', pitch: 'A starter home that can grow: the plan is ready for a second module.' },
    ],
    price: [215000, 520000], sizeSqm: [80, 165], bedrooms: [2, 5], bathrooms: [1, 3], leadWeeks: [20, 36],
    intro: ['The {title} is a prefabricated timber-frame family house of {size}.', '{title}: {size} prefabricated in the Black Forest and weather-tight on your plot within a week.'],
    details: ['Walls and roof come as closed elements with windows, insulation and wiring already fitted.', 'Ventilation with heat recovery keeps the air fresh without losing heat.', 'The house meets the German KfW Efficiency House 40 standard.'],
    features: ['Heat recovery ventilation', 'Underfloor heating', 'Triple glazing', 'Home office', 'Carport', 'Level-access shower', 'Solar roof'],
    materials: ['Timber frame', 'Wood fibre insulation', 'Clay plaster', 'Larch cladding'],
    certifications: ['Passivhaus', 'DGNB', 'PEFC'], energy: ['A+', 'A++', 'A'],
  },
  modular_home: {
    sizeInTitle: true,
    listingType: 'property', subcategories: ['family-homes', 'compact-living'],
    models: [
      { company: 'haven', title: 'Haven One modular home', pitch: 'A single-storey plan of three modules with a vaulted living room.' },
      { company: 'haven', title: 'Haven Two-storey 128', pitch: 'Four modules stacked two by two, with the bedrooms upstairs.', bedrooms: 3 },
      { company: 'haven', title: 'Haven Garden 96', pitch: 'Sliding glass walls open the kitchen onto a garden terrace.' },
      { company: 'lago', title: 'Lago Villa 140', pitch: 'A villa with a deep loggia and a pergola designed with a Milanese studio.' },
      { company: 'lago', title: 'Lago Terrazza 110', pitch: 'A roof terrace reached by an outdoor stair crowns a compact plan.' },
      { company: 'lago', title: 'Lago Corte 165 courtyard house', pitch: 'Four modules arranged around a shaded courtyard, Italian style.' },
      { company: 'lago', title: 'Lago Mini 72', pitch: 'Two modules, two bedrooms, and a price that fits a first home.', bedrooms: 2 },
    ],
    price: [145000, 460000], sizeSqm: [70, 165], bedrooms: [2, 4], bathrooms: [1, 3], leadWeeks: [14, 30],
    intro: ['The {title} is a modular home of {size}, built as finished modules in the factory.', '{title}: {size} of modular living, assembled on site in days rather than months.'],
    details: ['Modules leave the factory with kitchens, bathrooms and flooring installed.', 'Cross-laminated timber stores carbon and gives the rooms a warm, quiet feel.', 'The home is all-electric and ready for a heat pump and rooftop solar.'],
    features: ['Heat pump', 'Solar roof', 'Open-plan kitchen', 'Roof terrace', 'Sliding glass walls', 'Pergola', 'EV charger ready'],
    materials: ['Cross-laminated timber', 'Recycled aluminium windows', 'Hemp insulation', 'Terracotta tiles'],
    certifications: ['Passivhaus', 'BREEAM', 'CasaClima'], energy: ['A++', 'A+', 'A'],
  },
  residential: {
    sizeInTitle: true,
    listingType: 'property', subcategories: ['family-homes', 'cabins-holiday'],
    models: [
      { company: 'baltic-timber', title: 'Emajõgi 118 family house', pitch: 'A one-and-a-half storey house with the main bedroom under a dormer.', bedrooms: 3 },
      { company: 'baltic-timber', title: 'Tartu 92 bungalow', pitch: 'A compact bungalow with a covered porch along the whole front.' },
      { company: 'baltic-timber', title: 'Pärnu 140 two-storey home', pitch: 'Four bedrooms upstairs and a large kitchen-diner below.', bedrooms: 4 },
      { company: 'baltic-timber', title: 'Saar 75 holiday house', pitch: 'A summer house with a sauna and an outdoor shower.' },
      { company: 'baltic-timber', title: 'Metsa 105 forest house', pitch: 'Dark charred-timber cladding blends into a forest plot.' },
      { company: 'baltic-timber', title: 'Rannamaja 130 beach house', pitch: 'Wide terraces and a living room that opens on three sides.' },
      { company: 'baltic-timber', title: 'Kodu 88 starter home', pitch: 'A simple, efficient plan for a first family home.' },
    ],
    price: [178000, 420000], sizeSqm: [75, 140], bedrooms: [2, 4], bathrooms: [1, 2], leadWeeks: [18, 32],
    intro: ['The {title} is a factory-built timber home of {size} for year-round living.', '{title}: an Estonian-built family home of {size}.'],
    details: ['Walls are 300 mm of insulated Nordic timber frame with a ventilated facade.', 'Triple-glazed windows and heat recovery ventilation keep energy bills low.', 'The house is delivered in large panels and closed within three days.'],
    features: ['Sauna', 'Heat recovery ventilation', 'Triple glazing', 'Covered porch', 'Fireplace', 'Walk-in wardrobe'],
    materials: ['Nordic spruce', 'Cellulose insulation', 'Charred timber cladding', 'Clay plaster'],
    certifications: ['PEFC', 'Nordic Swan Ecolabel'], energy: ['A', 'A+', 'B'],
  },
  commercial: {
    sizeInTitle: true,
    listingType: 'commercial', subcategories: ['hospitality', 'offices-studios', 'workshops-storage', 'retail-pop-up'],
    models: [
      { company: 'alpen-raum', title: 'Alpen Classroom 6-module', pitch: 'Two classrooms and a cloakroom for schools that need space this term, not in three years.' },
      { company: 'alpen-raum', title: 'Alpen Medical Practice 120', pitch: 'Consultation rooms, a waiting room and accessible toilets, ready for fit-out.' },
      { company: 'alpen-raum', title: 'Alpen Café Pavilion 60', pitch: 'A glazed pavilion with a service counter and a terrace for parks and ski areas.' },
      { company: 'vistula', title: 'Vistula Showroom 90', pitch: 'A clear-span showroom with a glass front and a small office at the back.' },
      { company: 'vistula', title: 'Vistula Workshop 150', pitch: 'A high-ceilinged workshop with a roller door and three-phase power.' },
      { company: 'vistula', title: 'Vistula Hostel Module 8-bed', pitch: 'Eight beds in four rooms with shared bathrooms, stackable up to three floors.' },
      { company: 'vistula', title: 'Vistula Clinic Module 70', pitch: 'A compact clinic with a treatment room, reception and a wheelchair-accessible toilet.' },
    ],
    price: [62000, 355000], sizeSqm: [55, 150], bedrooms: [0, 0], bathrooms: [1, 3], leadWeeks: [8, 20],
    intro: ['The {title} is a modular commercial building of {size}, delivered ready for use.', '{title}: {size} of commercial space built off-site to save months on site.'],
    details: ['Modules are designed to be relocated or extended when needs change.', 'Fire-rated walls and accessible entrances meet commercial building codes.', 'LED lighting and a heat pump keep running costs predictable.'],
    features: ['Accessible entrance', 'Three-phase power', 'Heat pump', 'Glazed facade', 'Stackable', 'Fire-rated walls'],
    materials: ['Steel frame', 'Mineral wool insulation', 'Recycled aluminium', 'Timber cladding'],
    certifications: ['BREEAM', 'DGNB'], energy: ['A', 'B', 'C'],
  },
  mobile_office: {
    sizeInTitle: true,
    listingType: 'commercial', subcategories: ['offices-studios'],
    models: [
      { company: 'alpen-raum', title: 'Alpen Site Office 15', pitch: 'A rugged site office with a desk for four and a plan table.' },
      { company: 'alpen-raum', title: 'Alpen Office Duo 30', pitch: 'Two offices joined by a shared entrance with a kitchenette.' },
      { company: 'alpen-raum', title: 'Alpen Team Office 60', pitch: 'Room for a team of ten with a small meeting corner.' },
      { company: 'alpen-raum', title: 'Alpen Summit meeting room', pitch: 'An acoustic meeting room for twelve, for campuses short of space.' },
      { company: 'vistula', title: 'Vistula Office 20', pitch: 'A well-insulated single office for year-round use.' },
      { company: 'vistula', title: 'Vistula Office Plus 36', pitch: 'An office with its own toilet and a tea kitchen.' },
      { company: 'vistula', title: 'Vistula Sales Cabin 12', pitch: 'A small sales office for building sites and car dealerships.' },
    ],
    price: [12500, 96000], sizeSqm: [12, 60], bedrooms: [0, 0], bathrooms: [0, 1], leadWeeks: [3, 10],
    intro: ['The {title} is a mobile office of {size}, delivered by truck and craned into place.', '{title}: {size} of office space that arrives ready to plug in.'],
    details: ['Lifting points and forklift pockets make it easy to move between sites.', 'An air-to-air heat pump heats and cools the office efficiently.', 'Data cabling and sockets are pre-installed along every wall.'],
    features: ['Air conditioning', 'Kitchenette', 'Data cabling', 'Lifting points', 'Security shutters', 'LED lighting'],
    materials: ['Galvanised steel', 'Mineral wool insulation', 'Vinyl flooring'],
    certifications: ['CE marked'], energy: ['B', 'C', 'D'],
  },
  pop_up_shop: {
    listingType: 'commercial', subcategories: ['retail-pop-up', 'hospitality'],
    models: [
      { company: 'boxwell', title: 'Pop-up 20 kiosk', pitch: 'A hinged side panel opens into an awning and a service counter.' },
      { company: 'boxwell', title: 'Pop-up 40 boutique', pitch: 'A 40-foot shop with changing rooms and a glass end wall.' },
      { company: 'boxwell', title: 'Market Box coffee bar', pitch: 'Plumbed for an espresso machine, with a sink and a serving hatch.' },
      { company: 'boxwell', title: 'Flip-side 20 bar container', pitch: 'Both long sides fold open to serve a festival crowd from two bars.' },
      { company: 'boxwell', title: 'Gallery 40 open-side container', pitch: 'A fully opening side wall turns the container into a stage or gallery.' },
      { company: 'boxwell', title: 'Festival Twin 20 pop-up', pitch: 'Two 20-foot units joined by a shared canopy.' },
      { company: 'boxwell', title: 'Bakery Box 20', pitch: 'A food-grade interior with an oven niche and extraction.' },
    ],
    price: [14500, 62000], sizeSqm: [14, 30], bedrooms: [0, 0], bathrooms: [0, 0], leadWeeks: [3, 8],
    intro: ['The {title} is a pop-up shop of {size} that opens in minutes and locks up tight at night.', '{title}: a container pop-up of {size} for markets, festivals and temporary retail.'],
    details: ['The unit is delivered on a flatbed and needs only a level surface and a power connection.', 'Lockable steel shutters protect stock overnight.', 'The interior is finished in food-safe panels that are easy to clean.'],
    features: ['Serving hatch', 'Awning', 'Lockable shutters', 'Power connection', 'Counter', 'Branding panels'],
    materials: ['Reused container steel', 'Food-safe panels', 'Recycled timber counter'],
    certifications: ['CE marked'], energy: ['C', 'D'],
  },
};
