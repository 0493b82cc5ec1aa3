const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

function displayName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "US" → "United States"; unknown codes stay as they are. */
export const countryName = (code: string): string => displayName(regionNames, code.toUpperCase());

/** "fr" → "French"; free text ("Sign language") stays as it is. */
export const languageName = (value: string): string =>
  /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(value) ? displayName(languageNames, value) : value;
