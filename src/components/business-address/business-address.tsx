import { business, legalName } from '../../content/business';

/** The postal address from the owner's configuration, as the legal pages show it. */
export function BusinessAddress({ className }: { className?: string }) {
  return (
    <address className={className}>
      {legalName}
      <br />
      {business.street}
      <br />
      {business.postalCode} {business.town}
    </address>
  );
}
