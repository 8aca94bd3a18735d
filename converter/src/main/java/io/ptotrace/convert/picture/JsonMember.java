package io.ptotrace.convert.picture;

import java.util.List;

/**
 * The members of a slice or counter event in the Chrome JSON. A kind lists them in the order its events
 * carry them (members it does not list are not written); {@code cname} and {@code id} are written only
 * when the slice has a colour or a JSON id.
 */
public enum JsonMember {
    ARGS,
    CAT,
    CNAME,
    ID,
    NAME,
    PH,
    PID,
    TID,
    TS,
    DUR;

    /** Keys sorted by name, as most events of the reference trace are. */
    public static final List<JsonMember> SORTED_SLICE = List.of(ARGS, CAT, CNAME, ID, NAME, PH, PID, TID, TS, DUR);

    public static final List<JsonMember> SORTED_COUNTER = List.of(ARGS, CAT, NAME, PH, PID, TID, TS);
}
