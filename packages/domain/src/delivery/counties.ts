// Kenya's 47 counties by their official codes (First Schedule of the Constitution, in the order the
// Independent Electoral and Boundaries Commission numbers them). Built in: a shop does not create
// counties, it only prices delivery to them (issue 22).
export const KENYA_COUNTIES = [
  ['001', 'Mombasa'],
  ['002', 'Kwale'],
  ['003', 'Kilifi'],
  ['004', 'Tana River'],
  ['005', 'Lamu'],
  ['006', 'Taita-Taveta'],
  ['007', 'Garissa'],
  ['008', 'Wajir'],
  ['009', 'Mandera'],
  ['010', 'Marsabit'],
  ['011', 'Isiolo'],
  ['012', 'Meru'],
  ['013', 'Tharaka-Nithi'],
  ['014', 'Embu'],
  ['015', 'Kitui'],
  ['016', 'Machakos'],
  ['017', 'Makueni'],
  ['018', 'Nyandarua'],
  ['019', 'Nyeri'],
  ['020', 'Kirinyaga'],
  ['021', "Murang'a"],
  ['022', 'Kiambu'],
  ['023', 'Turkana'],
  ['024', 'West Pokot'],
  ['025', 'Samburu'],
  ['026', 'Trans Nzoia'],
  ['027', 'Uasin Gishu'],
  ['028', 'Elgeyo-Marakwet'],
  ['029', 'Nandi'],
  ['030', 'Baringo'],
  ['031', 'Laikipia'],
  ['032', 'Nakuru'],
  ['033', 'Narok'],
  ['034', 'Kajiado'],
  ['035', 'Kericho'],
  ['036', 'Bomet'],
  ['037', 'Kakamega'],
  ['038', 'Vihiga'],
  ['039', 'Bungoma'],
  ['040', 'Busia'],
  ['041', 'Siaya'],
  ['042', 'Kisumu'],
  ['043', 'Homa Bay'],
  ['044', 'Migori'],
  ['045', 'Kisii'],
  ['046', 'Nyamira'],
  ['047', 'Nairobi City'],
] as const satisfies readonly (readonly [string, string])[];

export type CountyCode = (typeof KENYA_COUNTIES)[number][0];

const byCode = new Map<string, string>(KENYA_COUNTIES);
const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/county$/, '');
const byName = new Map<string, CountyCode>(
  KENYA_COUNTIES.flatMap(([code, name]) => [
    [fold(name), code],
    // 'Nairobi' is what people write for Nairobi City.
    ...(name.endsWith(' City') ? [[fold(name.slice(0, -5)), code] as [string, CountyCode]] : []),
  ]),
);

export function countyName(code: string): string | undefined {
  return byCode.get(code);
}

/**
 * The code of a county given as its code ('047', '47') or its name in any case, spacing or
 * punctuation ('Nairobi', "murang'a", 'Taita Taveta County'); undefined when there is none.
 */
export function countyCodeOf(input: string): CountyCode | undefined {
  const text = input.trim();
  if (/^\d{1,3}$/.test(text)) {
    const code = text.padStart(3, '0');
    return byCode.has(code) ? (code as CountyCode) : undefined;
  }
  return byName.get(fold(text));
}
