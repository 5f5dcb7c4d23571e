import { doneScreen } from './work';

export default doneScreen;
