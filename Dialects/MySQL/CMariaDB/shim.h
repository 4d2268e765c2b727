#ifndef TYPEDSQL_CMARIADB_SHIM_H
#define TYPEDSQL_CMARIADB_SHIM_H

#include <mysql.h>

#endif
