/** '/company' renders nothing (spec section 2). */
export default function CompanyPage() {
  return null;
}
