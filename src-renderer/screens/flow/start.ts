import { startScreen } from './work';

export default startScreen;
