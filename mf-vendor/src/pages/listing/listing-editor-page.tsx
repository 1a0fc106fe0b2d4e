import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link, Navigate, useNavigate, useParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button, CheckboxField, CONTINENTS, ENERGY_CLASSES, Field, PageContainer, PRICE_UNITS, SelectField, SIZE_UNITS, SPACE_TYPES,
  SHIPPING_TYPES, TextareaField, LISTING_TYPES, listingSchema, submitProblem, useFormMessage, type ListingInput, type ListingValues,
} from '@modula/shared';
import { toast, track, useAuth } from '../../services/api';
import { saveListing, VendorError, type ListingRow } from '../../services/vendor';
import { vendorQueries } from '../../services/queries';
import { listingLimit } from '../../lib/limits';
import { fromPaths, isBusy, storedPaths, type Photo } from '../../lib/upload-queue';
import { countryName } from '../../lib/countries';
import { NAMESPACE } from '../../i18n';
import { useDocumentTitle, withSiteName } from '../../hooks/use-document-title';
import { LoadFailed, Loading, Muted, PageHeading, Panel } from '../../components/ui';
import { PhotoManager } from './photo-manager';
import { BLANK_LISTING, clearLocalDraft, inputFromRow, localDraftKey, readLocalDraft, rowFromValues, writeLocalDraft } from './listing-values';

const FIELD_ORDER = [
  'listingType', 'title', 'description', 'categoryId', 'subcategoryId', 'spaceType', 'price', 'priceUnit', 'bedrooms', 'bathrooms', 'size',
  'leadTimeWeeks', 'location', 'country', 'shippingType', 'shippingContinents', 'shippingCountries', 'features', 'energyClass', 'materials',
  'certifications', 'recycledPct',
] as const;
const AUTOSAVE_DELAY_MS = 1500;

const Form = styled.form`display: grid; gap: 24px; max-inline-size: 880px;`;
const Two = styled.div`display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); align-items: start;`;
const Choices = styled.fieldset`
  border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px 16px;
  legend { font-weight: 600; margin-block-end: 6px; padding: 0; }
  label { display: inline-flex; gap: 6px; align-items: center; }
`;
const Bar = styled.div`
  position: sticky; inset-block-end: 0; display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 12px 0;
  background: ${({ theme }) => theme.colors.background}; border-block-start: 1px solid ${({ theme }) => theme.colors.border};
`;
const Alert = styled.div`
  padding: 12px 16px; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger}; font-weight: 600; display: grid; gap: 6px;
`;
const FieldErrorText = styled.p`margin: 0; color: ${({ theme }) => theme.colors.danger}; font-size: 14px; font-weight: 500;`;

/** /create-listing and /edit-listing/{id}. */
export default function ListingEditorPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t(mode === 'create' ? 'editor.createTitle' : 'editor.editTitle')));
  const { id } = useParams();
  const user = useAuth((s) => s.user);
  const profile = useAuth((s) => s.profile);
  const profileStatus = useAuth((s) => s.profileStatus);
  if (!user || profileStatus === 'loading' || profileStatus === 'idle') {
    return (
      <PageContainer>
        <Loading />
      </PageContainer>
    );
  }
  const companyId = profile?.company_id ?? user.companyId;
  // Customers and vendors without a company start on the dashboard (it asks for the company first).
  if ((profile?.user_type ?? user.userType) !== 'vendor' || !companyId) return <Navigate to="/dashboard" replace />;
  return (
    <PageContainer>
      <PageHeading>{t(mode === 'create' ? 'editor.createTitle' : 'editor.editTitle')}</PageHeading>
      {mode === 'create' ? <CreateGate userId={user.id} companyId={companyId} /> : <EditGate userId={user.id} companyId={companyId} id={id ?? ''} />}
    </PageContainer>
  );
}

function CreateGate({ userId, companyId }: { userId: string; companyId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const quota = useQuery(vendorQueries.quota(userId));
  const decision = quota.data ? listingLimit(quota.data) : null;
  const needsPlan = decision?.allowed === false && decision.reason === 'subscription';
  useEffect(() => {
    if (!needsPlan) return;
    // Spec section 5.
    toast({ title: t('limit.subscriptionTitle'), description: t('limit.subscriptionBody'), variant: 'error' });
    void navigate('/pricing?from=create-listing', { replace: true });
  }, [needsPlan, navigate, t]);
  if (quota.isLoadingError) return <LoadFailed message={t('editor.loadFailed')} onRetry={() => void quota.refetch()} />;
  if (!decision || needsPlan) return <Loading />;
  if (!decision.allowed && decision.reason === 'limit') {
    return (
      <Panel role="alert" aria-labelledby="limit-title">
        <h2 id="limit-title">{t('limit.title')}</h2>
        <p>{t('limit.body', { plan: decision.planName, count: decision.max })}</p>
        <p>
          <Link to="/pricing">{t('limit.upgrade')}</Link>
        </p>
      </Panel>
    );
  }
  return <Editor userId={userId} companyId={companyId} listing={null} />;
}

function EditGate({ userId, companyId, id }: { userId: string; companyId: string; id: string }) {
  const { t } = useTranslation(NAMESPACE);
  const listing = useQuery(vendorQueries.listing(userId, id, companyId));
  if (listing.isLoadingError) return <LoadFailed message={t('editor.loadFailed')} onRetry={() => void listing.refetch()} />;
  if (listing.isPending) return <Loading />;
  if (!listing.data) {
    return (
      <Panel aria-labelledby="missing-title">
        <h2 id="missing-title">{t('editor.notFound')}</h2>
        <p>{t('editor.notFoundBody')}</p>
        <p>
          <Link to="/dashboard">{t('editor.backToDashboard')}</Link>
        </p>
      </Panel>
    );
  }
  return <Editor key={listing.data.id} userId={userId} companyId={companyId} listing={listing.data} />;
}

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'invalid' } | { kind: 'failed' };

function Editor({ userId, companyId, listing }: { userId: string; companyId: string; listing: ListingRow | null }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const message = useFormMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const storageKey = localDraftKey(userId, listing?.id ?? null);
  const initial = useMemo(() => {
    const local = readLocalDraft(storageKey);
    if (listing) return { id: listing.id, values: local?.id === listing.id ? local.values : inputFromRow(listing), images: listing.images };
    return { id: local?.id ?? crypto.randomUUID(), values: local?.values ?? BLANK_LISTING, images: local?.images ?? [] };
  }, [storageKey, listing]);
  const listingId = initial.id;
  const [status, setStatus] = useState<ListingRow['status']>(listing?.status ?? 'draft');
  const exists = useRef(listing !== null);
  const [photos, setPhotos] = useState<Photo[]>(() => fromPaths(initial.images));
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [problem, setProblem] = useState<{ text: string; upgrade?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const form = useForm<ListingInput, unknown, ListingValues>({ resolver: zodResolver(listingSchema), defaultValues: initial.values });
  const { errors } = form.formState;
  const values = useWatch({ control: form.control }) as ListingInput;
  const categories = useQuery(vendorQueries.categories());
  const countries = useQuery(vendorQueries.countries());
  const images = useMemo(() => storedPaths(photos), [photos]);

  /** Saves one version of the row; saves run one after another, so the first insert is never doubled. */
  const write = useCallback(
    (row: ListingRow) => {
      const next = chain.current.then(async () => {
        const first = !exists.current;
        await saveListing(row, exists.current);
        exists.current = true;
        if (first) track('create_listing', { listing_id: row.id, listing_type: row.listing_type });
      });
      chain.current = next.catch(() => undefined);
      return next;
    },
    [],
  );

  const explain = useCallback(
    (error: unknown) => {
      if (error instanceof VendorError && error.code === 'PT402') setProblem({ text: t('limit.publishBody'), upgrade: true });
      else setProblem({ text: t('editor.saveFailed') });
    },
    [t],
  );

  // What is typed is kept in the browser at once; a draft is also saved on the server once it is valid.
  useEffect(() => {
    writeLocalDraft(storageKey, { id: listingId, values, images });
    if (status !== 'draft') return;
    const timer = window.setTimeout(() => {
      const parsed = listingSchema.safeParse(values);
      if (!parsed.success) {
        setSave({ kind: 'invalid' });
        return;
      }
      if (isBusy(photos)) return;
      setSave({ kind: 'saving' });
      write(rowFromValues(parsed.data, { id: listingId, companyId }, images, 'draft'))
        .then(() => {
          setSave({ kind: 'saved', at: new Date() });
          setProblem(null);
        })
        .catch((error: unknown) => {
          setSave({ kind: 'failed' });
          explain(error);
        });
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [values, images, photos, status, storageKey, listingId, companyId, write, explain]);

  const finish = async (to: 'published' | 'draft', done: string) => {
    clearLocalDraft(storageKey);
    await queryClient.invalidateQueries({ queryKey: vendorQueries.all(userId) });
    toast({ title: done });
    if (to === 'published') void navigate('/dashboard');
  };

  const submit = (to: 'published' | 'draft') =>
    form.handleSubmit(
      async (valid) => {
        if (isBusy(photos)) {
          setProblem({ text: t('editor.photosBusy') });
          return;
        }
        setBusy(true);
        setProblem(null);
        try {
          await write(rowFromValues(valid, { id: listingId, companyId }, images, to));
          const wasPublished = status === 'published';
          setStatus(to);
          if (to === 'published' && !wasPublished) track('publish_listing', { listing_id: listingId });
          await finish(to, t(to === 'published' ? (wasPublished ? 'editor.changesSaved' : 'editor.publishedToast') : 'editor.draftSaved'));
        } catch (error) {
          explain(error);
        } finally {
          setBusy(false);
        }
      },
      (formErrors) => setProblem({ text: message(submitProblem(formErrors, FIELD_ORDER)) ?? t('editor.saveFailed') }),
    );

  const type = values.listingType;
  const space = type === 'property' || type === 'commercial';
  const kindCategories = (categories.data ?? []).filter((c) => c.listing_type === type);
  const subcategories = kindCategories.find((c) => c.id === values.categoryId)?.subcategories ?? [];
  const countryOptions = (countries.data ?? []).map((c) => ({ code: c.code, name: countryName(c.code, c.name, i18n.language) }));

  return (
    <Form noValidate onSubmit={(event) => void submit('published')(event)}>
      {problem ? (
        <Alert role="alert">
          <span>{problem.text}</span>
          {problem.upgrade ? <Link to="/pricing">{t('limit.upgrade')}</Link> : null}
        </Alert>
      ) : null}

      <Panel aria-labelledby="basics-title">
        <h2 id="basics-title">{t('editor.basics')}</h2>
        <SelectField
          label={t('form.listingType')}
          {...form.register('listingType', {
            onChange: () => {
              form.setValue('categoryId', '');
              form.setValue('subcategoryId', '');
            },
          })}
          error={message(errors.listingType)}
        >
          {LISTING_TYPES.map((kind) => (
            <option key={kind} value={kind}>{t(`listingType.${kind}`)}</option>
          ))}
        </SelectField>
        <Field label={t('form.title')} maxLength={140} {...form.register('title')} error={message(errors.title)} />
        <TextareaField label={t('form.description')} hint={t('form.descriptionHint')} rows={8} {...form.register('description')} error={message(errors.description)} />
        <Two>
          <SelectField label={t('form.category')} {...form.register('categoryId', { onChange: () => form.setValue('subcategoryId', '') })} error={message(errors.categoryId)}>
            <option value="">{t('form.chooseOption')}</option>
            {kindCategories.map((c) => (
              <option key={c.id} value={c.id}>{t(`category.${c.slug}`, { defaultValue: c.name })}</option>
            ))}
          </SelectField>
          <SelectField label={t('form.subcategory')} {...form.register('subcategoryId')} error={message(errors.subcategoryId)} disabled={subcategories.length === 0}>
            <option value="">{t('form.none')}</option>
            {subcategories.map((s) => (
              <option key={s.id} value={s.id}>{t(`subcategory.${s.slug}`, { defaultValue: s.name })}</option>
            ))}
          </SelectField>
          {space ? (
            <SelectField label={t('form.spaceType')} {...form.register('spaceType')} error={message(errors.spaceType)}>
              <option value="">{t('form.chooseOption')}</option>
              {SPACE_TYPES.map((s) => (
                <option key={s} value={s}>{t(`spaceType.${s}`)}</option>
              ))}
            </SelectField>
          ) : null}
        </Two>
      </Panel>

      <Panel aria-labelledby="price-title">
        <h2 id="price-title">{t('editor.priceAndSize')}</h2>
        {type === 'service' ? <CheckboxField label={t('form.priceOnRequest')} {...form.register('priceOnRequest')} /> : null}
        <Two>
          {type === 'service' && values.priceOnRequest ? null : (
            <Field label={t('form.price')} hint={t('form.priceHint')} inputMode="numeric" {...form.register('price')} error={message(errors.price)} />
          )}
          <SelectField label={t('form.priceUnit')} {...form.register('priceUnit')}>
            {PRICE_UNITS.map((u) => (
              <option key={u} value={u}>{t(`priceUnit.${u}`)}</option>
            ))}
          </SelectField>
          {space ? (
            <>
              <Field label={t('form.bedrooms')} inputMode="numeric" {...form.register('bedrooms')} error={message(errors.bedrooms)} />
              <Field label={t('form.bathrooms')} inputMode="numeric" {...form.register('bathrooms')} error={message(errors.bathrooms)} />
            </>
          ) : null}
          <Field label={t('form.size')} inputMode="decimal" {...form.register('size')} error={message(errors.size)} />
          <SelectField label={t('form.sizeUnit')} {...form.register('sizeUnit')}>
            {SIZE_UNITS.map((u) => (
              <option key={u} value={u}>{t(`sizeUnit.${u}`)}</option>
            ))}
          </SelectField>
          <Field label={t('form.leadTime')} hint={t('form.leadTimeHint')} inputMode="numeric" {...form.register('leadTimeWeeks')} error={message(errors.leadTimeWeeks)} />
        </Two>
      </Panel>

      <Panel aria-labelledby="place-title">
        <h2 id="place-title">{t('editor.placeAndShipping')}</h2>
        <Two>
          <Field label={t('form.location')} {...form.register('location')} error={message(errors.location)} />
          <SelectField label={t('form.country')} {...form.register('country')}>
            <option value="">{t('form.none')}</option>
            {countryOptions.map((c) => (
              <option key={c.code} value={c.code}>{c.name}</option>
            ))}
          </SelectField>
          <SelectField label={t('form.shipping')} {...form.register('shippingType')}>
            {SHIPPING_TYPES.map((s) => (
              <option key={s} value={s}>{t(`shipping.${s}`)}</option>
            ))}
          </SelectField>
        </Two>
        {values.shippingType === 'continents' ? (
          <Choices aria-describedby={errors.shippingContinents ? 'continents-error' : undefined}>
            <legend>{t('form.continents')}</legend>
            {CONTINENTS.map((c) => (
              <label key={c}>
                <input type="checkbox" value={c} {...form.register('shippingContinents')} />
                {t(`continent.${c}`)}
              </label>
            ))}
            {errors.shippingContinents ? <FieldErrorText id="continents-error">{message(errors.shippingContinents)}</FieldErrorText> : null}
          </Choices>
        ) : null}
        {values.shippingType === 'specific' ? (
          <SelectField label={t('form.countries')} hint={t('form.countriesHint')} multiple size={8} {...form.register('shippingCountries')} error={message(errors.shippingCountries)}>
            {countryOptions.map((c) => (
              <option key={c.code} value={c.code}>{c.name}</option>
            ))}
          </SelectField>
        ) : null}
        <CheckboxField label={t('form.freeShipping')} {...form.register('freeShipping')} />
      </Panel>

      <Panel aria-labelledby="features-title">
        <h2 id="features-title">{t('editor.featuresAndSustainability')}</h2>
        <TextareaField label={t('form.features')} hint={t('form.listHint')} rows={4} {...form.register('features')} error={message(errors.features)} />
        <Two>
          <SelectField label={t('form.energyClass')} {...form.register('energyClass')}>
            <option value="">{t('form.none')}</option>
            {ENERGY_CLASSES.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </SelectField>
          <Field label={t('form.recycledPct')} inputMode="numeric" {...form.register('recycledPct')} error={message(errors.recycledPct)} />
        </Two>
        <Two>
          <TextareaField label={t('form.materials')} hint={t('form.listHint')} rows={3} {...form.register('materials')} error={message(errors.materials)} />
          <TextareaField label={t('form.certifications')} hint={t('form.listHint')} rows={3} {...form.register('certifications')} error={message(errors.certifications)} />
        </Two>
        <Two>
          <CheckboxField label={t('form.offGridReady')} {...form.register('offGridReady')} />
          <CheckboxField label={t('form.solarPowered')} {...form.register('solarPowered')} />
          <CheckboxField label={t('form.heatPump')} {...form.register('heatPump')} />
          <CheckboxField label={t('form.rainwaterHarvesting')} {...form.register('rainwaterHarvesting')} />
        </Two>
      </Panel>

      <Panel aria-labelledby="photos-title">
        <h2 id="photos-title">{t('photos.title')}</h2>
        <PhotoManager companyId={companyId} listingId={listingId} photos={photos} setPhotos={setPhotos} />
      </Panel>

      <Bar>
        {status === 'published' ? (
          <Button type="submit" disabled={busy}>{t('editor.saveChanges')}</Button>
        ) : (
          <>
            <Button type="submit" disabled={busy}>{t('editor.publish')}</Button>
            <Button type="button" $variant="secondary" disabled={busy} onClick={(event) => void submit('draft')(event)}>
              {t('editor.saveDraft')}
            </Button>
          </>
        )}
        <Muted role="status">
          {save.kind === 'saving'
            ? t('editor.saving')
            : save.kind === 'saved'
              ? t('editor.savedAt', { time: save.at.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) })
              : save.kind === 'invalid' && status === 'draft'
                ? t('editor.notSavedYet')
                : ''}
        </Muted>
      </Bar>
    </Form>
  );
}
