import { claimScreen } from './work';

export default claimScreen;
