// System parameters (blade_param), tenant-scoped; fields declared in src-shared/declarations/system.ts.
import { declaredResource, defineResource, screenAccess } from '../crud/resource';
import { PARAM } from '../../src-shared/declarations/system';

export const paramResource = defineResource({
  ...declaredResource(PARAM),
  access: screenAccess('param'),
  table: 'blade_param',
  tenantScoped: true,
  softDelete: true,
  // the list's total from row_count (kept by triggers, migration 611), not COUNT(*) of the tenant's parameters per page
  countedRows: true,
  endpoints: ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'],
});
