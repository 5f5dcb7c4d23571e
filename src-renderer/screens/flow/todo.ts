import { todoScreen } from './work';

export default todoScreen;
