/** A moment as the program page shows it: to the minute, in UTC; "—" for never. */
export const when = (d: Date | string | null) => (d ? new Date(d).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');
