-- Version 5: the file says it is Exhibit's: PRAGMA application_id "EXHB" (0x45584842).

PRAGMA application_id = 1163413570;
