#ifndef TYPEDSQL_CLIBPQ_SHIM_H
#define TYPEDSQL_CLIBPQ_SHIM_H

#include <libpq-fe.h>

#endif
