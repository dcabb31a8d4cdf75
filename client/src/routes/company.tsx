/** '/company' renders nothing (decision 030). */
export default function CompanyPage() {
  return null;
}
