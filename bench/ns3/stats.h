// Shared by the ns-3 programs of the side-by-side benchmark: sample
// quantiles, the clocks around Simulator::Run, and TCP set as TSQ Lab's
// scenes set it (Linux defaults where ns-3's differ).
#pragma once

#include "ns3/core-module.h"
#include "ns3/internet-module.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

struct Samples
{
    std::vector<double> v;

    void Add(double x) { v.push_back(x); }

    /** The q-quantile (0 = minimum) by the nearest rank; -1 without samples. */
    double Quantile(double q) const
    {
        if (v.empty())
            return -1;
        std::vector<double> s = v;
        std::sort(s.begin(), s.end());
        size_t i = std::min(s.size() - 1, size_t(q * (s.size() - 1) + 0.5));
        return s[i];
    }
};

/** Wall and CPU time of Simulator::Run alone (the whole process is timed from outside). */
struct Clocks
{
    std::chrono::steady_clock::time_point wall0;
    std::clock_t cpu0 = 0;
    double runWallS = 0;
    double runCpuS = 0;

    void StartRun()
    {
        wall0 = std::chrono::steady_clock::now();
        cpu0 = std::clock();
    }

    void EndRun()
    {
        runWallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
        runCpuS = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
    }

    std::string Text() const
    {
        char b[96];
        snprintf(b, sizeof b, "run_wall_s=%.4f run_cpu_s=%.4f", runWallS, runCpuS);
        return b;
    }
};

/**
 * CUBIC with the scene's socket: MSS 1448, initial cwnd 10, 4 MB send buffer,
 * SACK and timestamps (ns-3's defaults), and Linux's delayed-ACK timer
 * (TCP_DELACK_MIN 40 ms) and minimum RTO (TCP_RTO_MIN 200 ms) instead of
 * ns-3's 200 ms and 1 s.
 */
inline void ConfigureTcp()
{
    using namespace ns3;
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpCubic::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(4 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(6 << 20));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(2));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout", TimeValue(MilliSeconds(40)));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
}
