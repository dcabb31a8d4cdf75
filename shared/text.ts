/**
 * Folds Vietnamese text for search: lower case, tone and vowel marks removed, đ/Đ -> d.
 * ("Cà phê Đắk Lắk" -> "ca phe dak lak"). Unicode's decomposition does not split đ, hence the replace.
 */
export function foldVietnamese(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
