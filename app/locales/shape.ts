/** The keys of one language's texts with string leaves: the other language must have exactly these. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
