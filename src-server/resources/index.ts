// Every declared CRUD resource. Add new ones here (and their table in a new migration).
import type { Resource } from '../crud/resource';
import { paramResource } from './param';

export const RESOURCES: Resource[] = [paramResource];
