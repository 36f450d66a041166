// The phone's view of the people at the table: in pairs two people share a seat (and its elephant).

/**
 * Every person at the table, flat: [{person, seat, name, colour, open, child, removed, connected}].
 * Outside pairs a person is their seat (docs/protocol.md "People and seats").
 */
export function people(room) {
  const out = [];
  for (const r of room.roster || []) {
    const members = r.people && r.people.length ? r.people
      : [{ person: r.seat, name: r.name, colour: r.colour, open: r.open, child: r.child }];
    for (const p of members) {
      out.push({ ...p, seat: r.seat, removed: r.removed, connected: r.connected });
    }
  }
  return out;
}

/** The person entry for an id (or null). */
export function personInfo(room, person) {
  return people(room).find((p) => p.person === person) || null;
}
