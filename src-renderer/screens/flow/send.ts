import { sendScreen } from './work';

export default sendScreen;
