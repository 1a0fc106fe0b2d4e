/** Blog articles about modular living, in Markdown. Dates are fixed so the seed is deterministic. */

export interface SeedPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string;
  tags: string[];
  /** What the cover illustration shows. */
  cover: 'a_frame' | 'modular_home' | 'tiny_home' | 'prefab_house' | 'solar' | 'blueprint' | 'excavator';
  body: string;
}

export const posts: SeedPost[] = [
  {
    slug: 'modular-prefab-tiny-what-the-words-mean',
    title: 'Modular, prefab or tiny? What the words really mean',
    excerpt: 'Sellers use the words loosely. Here is what each one tells you about how a home is built, moved and financed.',
    author: 'Sofia Lindqvist', publishedAt: '2026-02-03T09:00:00Z', tags: ['basics', 'buying'], cover: 'modular_home',
    body: `"Prefab", "modular", "kit home" and "tiny house" are often used as if they meant the same thing. They do not, and the difference matters for your budget, your permit and your bank.

## Prefab: built in a factory, in some form

*Prefabricated* simply means that parts of the building are made off-site. That can be anything from pre-cut timber to complete wall panels with windows and wiring already fitted. Most European "Fertighaus" builders deliver **closed panels**: the house is weather-tight within a few days, but the interior is still finished on site over several weeks.

## Modular: whole rooms, finished

A *modular* home arrives as three-dimensional boxes — the modules — with floors, walls, ceilings, kitchens and bathrooms already installed. A crane sets them on the foundation and a crew joins them. Because up to 90% of the work happens in a heated factory, quality is easier to control and the time on site drops from months to days.

## Container homes: modular, with a steel shell

A container home is a modular home whose module started life as a shipping container. Reusing the steel saves material, but containers are narrow (2.35 m inside) and need serious insulation and condensation control. Ask how the insulation is built up and whether the container was inspected for damage and coatings.

## Tiny houses: a size, not a method

A *tiny house* is defined by its size — usually under 40 m² — and often by being built on a trailer. Many are prefab or modular, some are self-built. On wheels, a tiny house may count as a vehicle or a caravan rather than a building, which changes where you can live in it. Check the local rules before you buy (see our article on permits).

## Why it matters to you

- **Permits:** panels and modules are buildings; a tiny house on wheels may not be.
- **Financing:** banks pay modular builders in stages tied to factory milestones, not to work on site.
- **Moving later:** modules and containers can be lifted again; panel houses cannot.

When you compare listings on Modula, look at the space type and the lead time together: a short lead time and a crane in the delivery description usually mean true modular construction.`,
  },
  {
    slug: 'what-a-modular-home-really-costs',
    title: 'What a modular home really costs: the budget beyond the price tag',
    excerpt: 'The price of the house is usually 60–75% of the total. Here is what the rest is, and how to estimate it early.',
    author: 'Lukas Brenner', publishedAt: '2026-03-10T09:00:00Z', tags: ['budget', 'buying'], cover: 'prefab_house',
    body: `The price on a listing is the price of the house leaving the factory. Moving into it costs more. Budget for these items from the start and you will avoid the most common unpleasant surprise of modular buyers.

## 1. The plot and its preparation

Land is the largest cost after the house. Then the plot needs a **soil survey**, levelling, drainage and an access route strong enough for a heavy truck and a crane. On a flat plot with good access, groundworks can be modest; on a slope or soft ground they can run into tens of thousands.

## 2. Foundations

Screw piles or concrete pads for light homes, a strip or slab foundation for heavier ones. Screw piles are fast and reversible; slabs give you a warm floor base. Get a fixed quote once the soil survey is done.

## 3. Transport and crane

Modules wider than about 3 m travel as escorted oversized loads, which needs permits and sometimes night driving. Add a crane day — and a reserve day in case of wind.

## 4. Connections

Water, sewage or a septic tank, electricity, and internet. Network operators' connection fees vary enormously between regions and are often overlooked. Ask the operator for a quote as soon as you have the plot.

## 5. Fees and paperwork

Architect or designer adaptations, the building permit, structural and energy calculations, notary and land registry fees, and insurance during construction.

## 6. Finishing and outside

Terraces, steps, paths, fences, landscaping, a carport. Many buyers also add solar panels, a battery or a rainwater tank at this stage.

## A rule of thumb

For a first estimate, take the house price and add **35–60%** for everything above, excluding the land. Then replace the rule of thumb with real quotes as soon as you can: the services section of Modula lists foundation, transport and permit specialists who quote per project.`,
  },
  {
    slug: 'preparing-your-plot-for-delivery-day',
    title: 'Preparing your plot for delivery day',
    excerpt: 'A modular home is installed in a day or two — if the ground, the access and the connections are ready. A checklist.',
    author: 'Siobhán Murphy', publishedAt: '2026-04-14T09:00:00Z', tags: ['site', 'installation'], cover: 'excavator',
    body: `Delivery day is exciting and expensive: a truck, an escort, a crane and a crew all waiting on your plot. Everything that is not ready costs money by the hour. Work through this list with your manufacturer four to six weeks before.

## Access

- Walk the route from the nearest main road. Note low bridges, tight bends, overhanging branches and weight limits.
- The last stretch must carry a loaded truck and the crane's outriggers: temporary road plates or a gravel track may be needed.
- Agree where the truck parks during the lift and where the crane stands. Crane reach shrinks quickly with distance.

## Ground and foundations

- Foundations must be finished, level and measured **before** the modules leave the factory. Send the surveyor's as-built drawing to the manufacturer.
- Screw piles can go in a day; concrete needs time to cure — usually at least a week, longer in cold weather.

## Connections

- Water, drainage and cable ducts should come up exactly where the plans show, capped and marked.
- Book the electricity network operator early: meter installation is often the slowest step of the whole project.

## On the day

- Keep neighbours informed and ask permission if the crane swings over their land.
- Have a plan B for wind: cranes stop lifting large modules above roughly 10–12 m/s.
- Make sure someone who can take decisions is on site all day.

## After the lift

The crew seals the joints between modules, connects services and finishes the interior seams. Walk through with the installer and write down every defect in a handover list before you sign. An independent inspector is worth the small fee if you have never built before.`,
  },
  {
    slug: 'permits-for-tiny-and-modular-homes-in-europe',
    title: 'Permits for tiny houses and modular homes in Europe: where to start',
    excerpt: 'Rules differ by country and often by municipality. These are the questions to ask before you buy a plot or a house.',
    author: 'Tereza Dvořáková', publishedAt: '2026-05-19T09:00:00Z', tags: ['permits', 'regulation'], cover: 'blueprint',
    body: `No European country has one simple rule for modular and tiny homes. Planning is decided locally, and the same house can be welcome in one municipality and refused in the next. Start with these questions — they apply almost everywhere.

## Is the land zoned for housing?

Agricultural and recreational land usually cannot be lived on all year, even if a cabin may stand there. Ask the municipality for the zoning plan of the plot before you sign anything. In many countries a holiday home zone allows only seasonal use.

## Does the house count as a building?

A modular home on a foundation is a building and needs a building permit like any other house: drawings, structural calculations and an energy performance calculation. A tiny house on wheels may count as a caravan — but as soon as it is connected to water and sewage, many authorities treat it as a building anyway.

## Which technical rules apply?

Energy performance rules (implementing the EU Energy Performance of Buildings Directive) apply to new homes across the EU, with national levels. Ask the manufacturer for the certificates and calculations they have already done for your model: a good modular builder has them ready for each country they deliver to.

## How long will it take?

From a few weeks for small, standard cases to many months for a new house in a sensitive area. Submit early: factory slots are often shorter than permit procedures.

## Practical tips

1. Book a pre-application meeting with the municipality; bring photos and floor plans of the model.
2. Talk to neighbours early — objections are the most common cause of delay.
3. Use a local architect or permit consultant who knows the planning office.

Modula lists permit specialists under *Services → Design & planning*. Several offer a short, fixed-price check for tiny houses before you commit.`,
  },
  {
    slug: 'heat-pumps-and-solar-for-small-homes',
    title: 'Heat pumps and solar for small homes: sizing without overspending',
    excerpt: 'Well-insulated modular homes need far less heating than the houses most equipment is designed for. Size for your home, not for the brochure.',
    author: 'Erik Lindahl', publishedAt: '2026-06-23T09:00:00Z', tags: ['energy', 'upgrades'], cover: 'solar',
    body: `Modern modular homes are airtight and well insulated, so their heat demand is small. The most common mistake is oversizing: a heat pump that is too big switches on and off constantly, wears out sooner and runs less efficiently.

## Start from the heat load

Ask the manufacturer for the **design heat load** of your model at your location — a figure in kilowatts at the coldest design temperature. A 100 m² home built to a high standard often needs only 3–5 kW. A tiny house may need less than 1.5 kW, which a small air-to-air unit covers easily.

## Choosing the heat pump

- **Air-to-air** units heat (and cool) the air directly. Cheap and simple, good for tiny homes, cabins and offices.
- **Air-to-water** units feed underfloor heating and make hot water. The standard choice for family homes.
- Prefer natural refrigerants such as R290 (propane): lower climate impact and future-proof under EU F-gas rules.
- Look at the **SCOP** (seasonal efficiency) for your climate zone, not the peak COP.

## Solar panels

Size the array on your yearly electricity use, including the heat pump and an electric car if you have one. A rough European rule: 1 kWp of panels produces 900–1,200 kWh a year depending on latitude. Self-consumption improves when the heat pump, water heater and car charger run during sunny hours — a smart energy controller does this automatically.

## Do you need a battery?

A battery shifts solar energy from noon to evening and can keep essentials running in a power cut. It pays back fastest where feed-in tariffs are low and electricity prices are high in the evening. Off-grid, it is essential; on-grid, it is a comfort you can add later.

## Subsidies

Most European countries subsidise heat pumps and, in some cases, solar and batteries. Check before you order: some schemes require an application before installation.`,
  },
  {
    slug: 'embodied-carbon-why-timber-modular-starts-ahead',
    title: 'Embodied carbon: why timber modular homes start ahead',
    excerpt: 'Before a home uses any energy, making it has already emitted tonnes of CO₂. Material choices and factory building reduce that footprint.',
    author: 'Mari Tamm', publishedAt: '2026-08-04T09:00:00Z', tags: ['sustainability', 'materials'], cover: 'a_frame',
    body: `For decades, "green building" meant saving energy in use. As homes became very efficient, the emissions from **making** them — the embodied carbon of cement, steel, insulation and transport — became the larger share of their lifetime footprint.

## Where embodied carbon comes from

- **Foundations and structure:** cement and steel are the biggest contributors in conventional houses.
- **Envelope:** insulation, windows and cladding.
- **Building services:** heat pumps, ventilation and wiring contain metals and refrigerants.
- **Construction:** transport, site machinery, waste.

## Why timber modular helps

1. **Wood stores carbon.** Timber frames and cross-laminated timber keep the carbon the trees absorbed for the life of the building — as long as the forest is managed sustainably (look for FSC or PEFC certification).
2. **Lighter foundations.** A timber home is much lighter than a masonry one, so it can stand on screw piles or small pads instead of a large concrete slab.
3. **Less waste.** Factories cut material to measure and reuse offcuts; typical site waste falls sharply.
4. **Fewer trips.** A handful of truck deliveries replaces months of daily trips to a building site.

## Questions to ask a manufacturer

- Do you have a life-cycle assessment (LCA) or an Environmental Product Declaration for this model?
- Where does the timber come from, and is it certified?
- Which insulation is used? Wood fibre, cellulose, cork and hemp have much lower footprints than most foams.
- Can the home be taken apart and its modules reused?

## Reuse is the best material

Container homes and relocatable modules add a second life to materials that already exist. When you browse Modula, the sustainability facts on each listing — materials, certifications and the share of recycled materials — help you compare homes on more than price.`,
  },
  {
    slug: 'living-in-25-square-metres',
    title: 'Living in 25 m²: design lessons from tiny-home owners',
    excerpt: 'Owners who love their tiny homes made the same few choices. Most of them are about storage, light and a door you can close.',
    author: 'Camille Moreau', publishedAt: '2026-09-15T09:00:00Z', tags: ['design', 'tiny living'], cover: 'tiny_home',
    body: `We asked owners of tiny houses we built over the last ten years what they would do again — and what they would change. The answers were remarkably consistent.

## Storage first, furniture second

Every owner said the same: plan storage before anything else. Stairs with drawers, benches with lids, beds on platforms and shelves up to the ceiling. Count what you own — really count — and design a place for each category.

## Light and height make space

- A high ceiling over the living area makes 25 m² feel like 40.
- Put the largest window where you sit most, not where it looks best from outside.
- Light, matt surfaces and one continuous floor material avoid a cramped patchwork.

## One door you can close

Couples and families all mentioned privacy. A sliding door to the sleeping area or the bathroom, even a thin one, changes daily life more than any gadget.

## A real kitchen

Owners who chose a two-burner "camping" kitchen regretted it. Fit a proper induction hob, a small oven and as much worktop as possible — a fold-down extension helps.

## Outdoor space is living space

A deck, an awning or a small pergola doubles your living area for half the year. Plan the door and the deck together so they feel like one room.

## Keep it warm and dry

Small volumes get humid fast: a kitchen hood vented outside, a bathroom fan on a humidity sensor, and ideally ventilation with heat recovery. Good insulation keeps heating costs tiny — one owner heats 22 m² in Brittany with a 1 kW air-to-air heat pump.

## Try before you buy

Rent a tiny house for a week in the season you find hardest. It is the cheapest way to find out which of these lessons apply to you.`,
  },
];
