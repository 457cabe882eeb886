/*
 * A stand-in for Windows' bcryptprimitives.dll, for testing under wine only:
 * never shipped. Rust's standard library on Windows takes its random seeds
 * (HashMap keys) from ProcessPrng in that DLL, which Windows 10 and later
 * have and wine before 9.0 lacks, so the engine would not start under such a
 * wine. scripts/windows_check.sh builds this with mingw and puts it on wine's
 * search path in a temporary folder; the engine's own folder stays as users
 * get it.
 *
 * It fills the buffer from RtlGenRandom (advapi32's SystemFunction036), which
 * every wine has.
 */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG chunk = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
