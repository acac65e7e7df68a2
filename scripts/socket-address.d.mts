export declare const SOCKET_ADDRESS_HEADER: string;
export declare const socketAddressArgs: string[];
