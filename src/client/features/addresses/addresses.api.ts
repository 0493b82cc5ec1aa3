import { addressRoutes, type AddressBody, type UpdateAddressBody } from '@/common/contract/addresses';
import { callRoute } from '@/client/lib/call-route';

export const createAddress = (body: AddressBody) => callRoute(addressRoutes.create, { body });
export const updateAddress = (id: string, body: UpdateAddressBody) => callRoute(addressRoutes.update, { params: { id }, body });
export const deleteAddress = (id: string) => callRoute(addressRoutes.remove, { params: { id } });
