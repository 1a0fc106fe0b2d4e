import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/en.json';
import de from '../locales/de.json';
import { NAMESPACE } from '../i18n';
import { vocabularyKey } from '../lib/vocabulary';
import type { ListingDetail } from '../services/types';
import { FeatureList, SustainabilityFacts } from './listing-facts';

const listing = {
  features: [],
  energy_class: 'A+',
  recycled_materials_pct: null,
  certifications: ['PEFC', 'Nordic Swan Ecolabel'],
  materials: ['Timber frame', 'Hand-split shingles from our own forest'],
  off_grid_ready: false,
  solar_powered: false,
  heat_pump: true,
  rainwater_harvesting: false,
} as unknown as ListingDetail;

function renderIn(node: ReactNode) {
  return render(<ThemeProvider theme={theme}>{node}</ThemeProvider>);
}

beforeAll(async () => {
  await loadTestTranslations(NAMESPACE, en, 'en');
  await loadTestTranslations(NAMESPACE, de, 'de');
});
afterAll(() => loadTestTranslations(NAMESPACE, en, 'en'));

describe('stored vocabulary keys', () => {
  test.each([
    ['Triple glazing', 'triple-glazing'],
    ['Level-access shower', 'level-access-shower'],
    ['A+++ rated', 'a-plus-plus-plus-rated'],
    ['60 kg/m² saturated', '60-kg-m2-saturated'],
    ['  Écran  solaire ', 'ecran-solaire'],
    ['…', ''],
  ])('%j is %j', (value, key) => {
    expect(vocabularyKey(value)).toBe(key);
  });
});

describe('listing vocabulary in German', () => {
  test('features the catalogue knows are translated; what a vendor wrote itself is shown as written', () => {
    renderIn(<FeatureList features={['Triple glazing', 'Underfloor heating', 'Hand-built by Jonas']} />);
    expect(screen.getByText('Dreifachverglasung')).toBeTruthy();
    expect(screen.getByText('Fußbodenheizung')).toBeTruthy();
    expect(screen.getByText('Hand-built by Jonas')).toBeTruthy();
    expect(screen.queryByText('Triple glazing')).toBeNull();
  });

  test('certifications and materials are translated and joined the German way; brand names stay', () => {
    renderIn(<SustainabilityFacts listing={listing} />);
    expect(screen.getByText('PEFC und Nordisches Umweltzeichen (Nordic Swan)')).toBeTruthy();
    expect(screen.getByText('Holzrahmenbau und Hand-split shingles from our own forest')).toBeTruthy();
    expect(screen.getByText('Wärmepumpe')).toBeTruthy();
  });
});
