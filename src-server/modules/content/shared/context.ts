// What every content feature's routes are built with: the database, the data
// folder, the clock, the install's secret box, the one site deployer, and the
// declared resources by name (for repositories over them).
import type { DataLayer } from '../../../db/data-layer';
import type { Resource } from '../../../crud/resource';
import type { Clock } from '../../../util/clock';
import type { Jobs } from '../../../jobs/jobs';
import type { SiteDeployer } from '../deploy/site-deployer';
import type { SecretBox } from '../../../util/secret-box';
import type { FileStores } from '../../../files/file-stores';

export interface ContentContext {
  data: DataLayer;
  dataDir: string;
  /** where uploads and import sources are kept: the tenant's 对象存储, or the data folder */
  files: FileStores;
  clock: Clock;
  box: SecretBox;
  deployer: SiteDeployer;
  resources: Map<string, Resource>;
  /** durable jobs (src-server/jobs): the deploy schedule's triggers */
  jobs: Jobs;
}
