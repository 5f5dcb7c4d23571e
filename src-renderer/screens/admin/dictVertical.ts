// dict, vertical layout (see dictScreen.ts).
import { dictScreen } from './dictScreen';

export default dictScreen('dict', 'vertical');
