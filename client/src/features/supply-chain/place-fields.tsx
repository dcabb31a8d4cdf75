import { useId, useMemo } from 'react';
import { COUNTRY_CODES, countryName, DEFAULT_COUNTRY } from '#shared/countries.ts';
import { VIETNAM_PROVINCES } from '#shared/provinces.ts';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';

/** Vietnam first, then every other country by its Vietnamese name. */
function countryOptions() {
  const others = COUNTRY_CODES.filter((code) => code !== DEFAULT_COUNTRY)
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'vi'));
  return [{ value: DEFAULT_COUNTRY, label: countryName(DEFAULT_COUNTRY) }, ...others];
}

/**
 * Where a partner or a farm plot is: the province (typed, Vietnam's offered as suggestions) and the country
 * (ISO alpha-2, chosen by its Vietnamese name), each with its error beside it.
 */
export function PlaceFields({
  labels,
  province,
  country,
  errors,
  onProvince,
  onCountry,
}: {
  labels: { province: string; country: string };
  province: string;
  country: string;
  errors: { province?: string; country?: string };
  onProvince: (value: string) => void;
  onCountry: (value: string) => void;
}) {
  const countries = useMemo(countryOptions, []);
  const provinceList = useId();
  return (
    <>
      <Field
        label={labels.province}
        value={province}
        list={provinceList}
        maxLength={100}
        error={errors.province}
        onChange={(e) => onProvince(e.target.value)}
      />
      <datalist id={provinceList}>
        {VIETNAM_PROVINCES.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <SelectField
        label={labels.country}
        value={country}
        error={errors.country}
        options={countries}
        onChange={(e) => onCountry(e.target.value)}
      />
    </>
  );
}
