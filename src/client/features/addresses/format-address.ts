import type { DeliveryAddress } from '@/common/contract/orders';

/** One line: "Ana Silva, Rua Augusta 10, 1100-053 Lisbon, PT". */
export function addressLine(a: Pick<DeliveryAddress, 'name' | 'streetAddress' | 'postalCode' | 'city' | 'state' | 'country'>): string {
  return [a.name, a.streetAddress, [a.postalCode, a.city].filter(Boolean).join(' '), a.state, a.country].filter(Boolean).join(', ');
}
