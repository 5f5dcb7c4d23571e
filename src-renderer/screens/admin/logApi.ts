// api logs (see logScreen.ts).
import { logScreen } from './logScreen';

export default logScreen('api');
