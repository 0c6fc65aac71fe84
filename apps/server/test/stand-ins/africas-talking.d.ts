export interface ReceivedSms {
    username: string;
    to: string;
    message: string;
    from: string | undefined;
}
export declare class AfricasTalkingStandIn {
    readonly username: string;
    readonly apiKey: string;
    readonly received: ReceivedSms[];
    /** Numbers answered with this status code instead of 101. */
    readonly refuse: Map<string, number>;
    /** Answer the next requests with HTTP 500, as during an outage. */
    failNext: number;
    private server;
    private port;
    constructor(username?: string, apiKey?: string);
    get baseUrl(): string;
    start(): Promise<this>;
    stop(): Promise<void>;
    to(number: string): ReceivedSms[];
    private handle;
}
