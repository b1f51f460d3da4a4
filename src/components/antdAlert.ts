/** antd's Alert alone, as the chunk LazyAlert loads. */
export { Alert } from 'antd';
