import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Select } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useLanguage } from '../hooks/use-language';
import { useAreaUnit } from '../hooks/use-area-unit';
import { convertArea, rowUnit } from '../lib/area';
import { countryName } from '../lib/regions';
import { vocabularyLabel } from '../lib/vocabulary';
import { activeFilterCount, ECO_FLAGS, type EcoFlag, type ListingFilters } from '../lib/filters';
import { ENERGY_CLASSES, SPACE_TYPES, LISTING_TYPES, type Category, type Country, type EnergyClass, type SizeUnit, type SpaceType } from '../services/types';
import { categoryLabel } from './category-name';

const Form = styled.form`
  display: grid; gap: 18px; padding: 18px; border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  fieldset { border: none; margin: 0; padding: 0; min-inline-size: 0; display: grid; gap: 8px; }
  legend, label.title { font-weight: 700; font-size: 14px; padding: 0; margin-block-end: 6px; }
  input[type='text'], input[type='number'] { inline-size: 100%; padding: 9px 11px; font: inherit; min-block-size: 42px;
    border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md}; background: #fff; }
  label.check { display: flex; gap: 10px; align-items: center; font-size: 14.5px; cursor: pointer; min-block-size: 28px; }
  input[type='checkbox'] { inline-size: 18px; block-size: 18px; accent-color: ${({ theme }) => theme.colors.primary}; }
`;
const Pair = styled.div`
  display: grid; grid-template-columns: 1fr 1fr; gap: 8px;
  label { display: grid; gap: 4px; font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
`;
const Actions = styled.div`
  display: flex; gap: 8px; flex-wrap: wrap;
  button { flex: 1; min-block-size: 44px; border-radius: ${({ theme }) => theme.radii.md}; font: inherit; font-weight: 600; cursor: pointer; }
  button[type='submit'] { background: ${({ theme }) => theme.colors.primary}; color: #fff; border: 1px solid ${({ theme }) => theme.colors.primary}; }
  button[type='button'] { background: #fff; color: ${({ theme }) => theme.colors.primary}; border: 1px solid ${({ theme }) => theme.colors.primary}; }
`;
const MoreButton = styled.button`
  justify-self: start; border: none; background: none; padding: 4px 0; font: inherit; font-size: 14px; font-weight: 600;
  color: ${({ theme }) => theme.colors.primary}; cursor: pointer; text-decoration: underline;
`;

const ROOM_OPTIONS = [1, 2, 3, 4, 5];
const SHOWN_FEATURES = 8;

function LabelledSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <label className="title" htmlFor={id}>
        {label}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </Select>
    </div>
  );
}

function numberOrNull(value: string): number | null {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

function sizeBounds(draft: Pick<Draft, 'minSize' | 'maxSize'>, unit: SizeUnit): Pick<ListingFilters, 'minSize' | 'maxSize' | 'sizeUnit'> {
  const minSize = numberOrNull(draft.minSize);
  const maxSize = numberOrNull(draft.maxSize);
  return { minSize, maxSize, sizeUnit: minSize !== null || maxSize !== null ? unit : null };
}

interface Draft {
  location: string;
  minPrice: string;
  maxPrice: string;
  minSize: string;
  maxSize: string;
}

function draftOf(filters: ListingFilters, areaUnit: SizeUnit): Draft {
  const s = (n: number | null) => (n === null ? '' : String(n));
  // The size bounds are shown in the visitor's unit, whatever unit the link was written in.
  const area = (n: number | null) => (n === null ? '' : String(Math.round(convertArea(n, rowUnit(filters.sizeUnit), areaUnit))));
  return { location: filters.location ?? '', minPrice: s(filters.minPrice), maxPrice: s(filters.maxPrice), minSize: area(filters.minSize), maxSize: area(filters.maxSize) };
}

export interface FiltersPanelProps {
  filters: ListingFilters;
  /** Set on the type pages (/upgrades...), where the category comes from the page's own navigation. */
  fixedType: boolean;
  categories: Category[];
  countries: Country[];
  features: string[];
  onChange: (change: Partial<ListingFilters>) => void;
  onClear: () => void;
}

/**
 * Every filter of the listings page; typed values apply on "Apply", choices apply at once. The page
 * renders it with the URL's filters as key, so back/forward and "clear" also reset what is typed.
 */
export function FiltersPanel({ filters, fixedType, categories, countries, features, onChange, onClear }: FiltersPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const [areaUnit, chooseAreaUnit] = useAreaUnit();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters, areaUnit));
  const [allFeatures, setAllFeatures] = useState(false);

  const sortedCountries = useMemo(
    () => countries.map((c) => ({ code: c.code, name: countryName(c.code, language) })).sort((a, b) => a.name.localeCompare(b.name, language)),
    [countries, language],
  );
  const showSpace = filters.type === null || filters.type === 'property' || filters.type === 'commercial';
  const shownFeatures = allFeatures ? [...features] : features.slice(0, SHOWN_FEATURES);
  // Features selected through a shared link stay visible even if they are not among the most used.
  for (const f of filters.features) if (!shownFeatures.includes(f)) shownFeatures.push(f);

  function apply(event?: FormEvent) {
    event?.preventDefault();
    onChange({
      location: draft.location.trim() || null,
      minPrice: numberOrNull(draft.minPrice),
      maxPrice: numberOrNull(draft.maxPrice),
      ...sizeBounds(draft, areaUnit),
    });
  }

  // Another unit converts what is typed; the address keeps the unit its bounds were written in, so the
  // results stay the same until the next Apply writes them in the new unit.
  function changeAreaUnit(unit: SizeUnit) {
    const convert = (value: string) => {
      const n = numberOrNull(value);
      return n === null ? value : String(Math.round(convertArea(n, areaUnit, unit)));
    };
    setDraft((d) => ({ ...d, minSize: convert(d.minSize), maxSize: convert(d.maxSize) }));
    chooseAreaUnit(unit);
  }

  const toggle = <T extends string>(list: T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  return (
    <Form onSubmit={apply} aria-label={t('filters.title')}>
      {!fixedType ? (
        <LabelledSelect label={t('filters.category')} value={filters.category ?? ''} onChange={(v) => onChange({ category: v || null, type: null })}>
          <option value="">{t('filters.allCategories')}</option>
          {LISTING_TYPES.map((type) => (
            <optgroup key={type} label={t(`typesPlural.${type}`)}>
              {categories
                .filter((c) => c.listing_type === type)
                .map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {categoryLabel(t, c.slug, c.name)}
                  </option>
                ))}
            </optgroup>
          ))}
        </LabelledSelect>
      ) : null}
      {showSpace ? (
        <LabelledSelect label={t('filters.space')} value={filters.space ?? ''} onChange={(v) => onChange({ space: (v || null) as SpaceType | null })}>
          <option value="">{t('filters.anySpace')}</option>
          {SPACE_TYPES.map((s) => (
            <option key={s} value={s}>
              {t(`spaceTypes.${s}`)}
            </option>
          ))}
        </LabelledSelect>
      ) : null}
      <div>
        <label className="title" htmlFor="filter-location">
          {t('filters.location')}
        </label>
        <input id="filter-location" type="text" value={draft.location} placeholder={t('filters.locationPlaceholder')} onChange={set('location')} maxLength={100} />
      </div>
      <fieldset>
        <legend>{t('filters.price')}</legend>
        <Pair>
          <label>
            {t('filters.minPrice')}
            <input type="number" inputMode="numeric" min={0} step={1000} value={draft.minPrice} onChange={set('minPrice')} />
          </label>
          <label>
            {t('filters.maxPrice')}
            <input type="number" inputMode="numeric" min={0} step={1000} value={draft.maxPrice} onChange={set('maxPrice')} />
          </label>
        </Pair>
      </fieldset>
      {showSpace ? (
        <Pair>
          <LabelledSelect label={t('filters.beds')} value={filters.beds === null ? '' : String(filters.beds)} onChange={(v) => onChange({ beds: v ? Number(v) : null })}>
            <option value="">{t('filters.any')}</option>
            {ROOM_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {t('filters.atLeast', { count: n })}
              </option>
            ))}
          </LabelledSelect>
          <LabelledSelect label={t('filters.baths')} value={filters.baths === null ? '' : String(filters.baths)} onChange={(v) => onChange({ baths: v ? Number(v) : null })}>
            <option value="">{t('filters.any')}</option>
            {ROOM_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {t('filters.atLeast', { count: n })}
              </option>
            ))}
          </LabelledSelect>
        </Pair>
      ) : null}
      {showSpace ? (
        <fieldset>
          <legend>{t('filters.size', { unit: t(`units.${areaUnit}`) })}</legend>
          <Pair>
            <label>
              {t('filters.minSize')}
              <input type="number" inputMode="numeric" min={0} step={areaUnit === 'sqm' ? 5 : 50} value={draft.minSize} onChange={set('minSize')} />
            </label>
            <label>
              {t('filters.maxSize')}
              <input type="number" inputMode="numeric" min={0} step={areaUnit === 'sqm' ? 5 : 50} value={draft.maxSize} onChange={set('maxSize')} />
            </label>
          </Pair>
          <LabelledSelect label={t('filters.unit')} value={areaUnit} onChange={(v) => changeAreaUnit(v === 'sqft' ? 'sqft' : 'sqm')}>
            <option value="sqm">{t('units.sqm')}</option>
            <option value="sqft">{t('units.sqft')}</option>
          </LabelledSelect>
        </fieldset>
      ) : null}
      <Actions>
        <button type="submit">{t('filters.apply')}</button>
      </Actions>
      {shownFeatures.length > 0 ? (
        <fieldset>
          <legend>{t('filters.features')}</legend>
          {shownFeatures.map((feature) => (
            <label className="check" key={feature}>
              <input type="checkbox" checked={filters.features.includes(feature)} onChange={() => onChange({ features: toggle(filters.features, feature) })} />
              {vocabularyLabel(t, 'features', feature)}
            </label>
          ))}
          {features.length > SHOWN_FEATURES ? (
            <MoreButton type="button" aria-expanded={allFeatures} onClick={() => setAllFeatures((v) => !v)}>
              {allFeatures ? t('filters.fewer') : t('filters.more', { count: features.length - SHOWN_FEATURES })}
            </MoreButton>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>{t('filters.sustainability')}</legend>
        {ECO_FLAGS.map((flag) => (
          <label className="check" key={flag}>
            <input type="checkbox" checked={filters.eco.includes(flag)} onChange={() => onChange({ eco: toggle<EcoFlag>(filters.eco, flag) })} />
            {t(`eco.${flag}`)}
          </label>
        ))}
      </fieldset>
      <LabelledSelect label={t('filters.energy')} value={filters.energy ?? ''} onChange={(v) => onChange({ energy: (v || null) as EnergyClass | null })}>
        <option value="">{t('filters.any')}</option>
        {ENERGY_CLASSES.map((c) => (
          <option key={c} value={c}>
            {t('filters.energyAtLeast', { energyClass: c })}
          </option>
        ))}
      </LabelledSelect>
      <LabelledSelect label={t('filters.shipsTo')} value={filters.shipsTo ?? ''} onChange={(v) => onChange({ shipsTo: v || null })}>
        <option value="">{t('filters.anyCountry')}</option>
        {sortedCountries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </LabelledSelect>
      {activeFilterCount(filters) > 0 ? (
        <Actions>
          <button type="button" onClick={onClear}>
            {t('filters.clear')}
          </button>
        </Actions>
      ) : null}
    </Form>
  );
}
