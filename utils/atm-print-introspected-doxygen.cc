/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * @file
 * @ingroup atm
 * atm-print-introspected-doxygen: the attributes and trace sources of the atm module's TypeIds as
 * a Doxygen page, like ns-3's utils/print-introspected-doxygen.cc but for this module only. The
 * API reference (doc/doxygen/Doxyfile) reads its output as one more input file.
 *
 * Which TypeIds are the module's: every TypeId registered in this process whose
 * <name>::GetTypeId() is defined in the shared object that defines ns3::AtmNetDevice::GetTypeId()
 * (the module library, libns3-atm or an ns-3 tree's libns3.xx-atm), found by the mangled name
 * with dlsym() and dladdr(). Neither a list of names nor the group name has to be kept up to date,
 * and TypeIds of ns-3 that the module's registration happens to register are not taken. A program
 * linked statically (everything in one object) cannot be told apart this way: it exits with
 * status 1, as it does if it finds no TypeId of the module.
 *
 * Output (standard output): one page, @c atm-introspected, with one section per TypeId in name
 * order: its parent, group and class; its attributes (name, help, value type, underlying type,
 * initial value, flags, support level if not supported); its trace sources (name, help, callback
 * signature, support level if not supported). Attributes and trace sources inherited from a
 * parent are listed in the parent's section (or ns-3's documentation), not repeated.
 *
 * @verbatim
   atm-print-introspected-doxygen > build/doxygen/introspected.h
   @endverbatim
 */

#include "ns3/atm-net-device.h"
#include "ns3/object.h"
#include "ns3/type-id.h"

#include <algorithm>
#include <cctype>
#include <dlfcn.h>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace
{

/**
 * The Itanium C++ ABI name of <typeName>::GetTypeId() (a static member function without
 * parameters), e.g. _ZN3ns39AtmSwitch9GetTypeIdEv for ns3::AtmSwitch.
 * @param typeName a TypeId name (scopes separated by "::")
 * @return the mangled name, or an empty string if typeName is not a plain qualified name (a
 *         template instance, say)
 */
std::string
MangledGetTypeId(const std::string& typeName)
{
    std::string out = "_ZN";
    std::size_t start = 0;
    while (start <= typeName.size())
    {
        std::size_t end = typeName.find("::", start);
        if (end == std::string::npos)
        {
            end = typeName.size();
        }
        const std::string part = typeName.substr(start, end - start);
        if (part.empty() || !std::all_of(part.begin(), part.end(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
            }))
        {
            return "";
        }
        out += std::to_string(part.size()) + part;
        start = end + 2;
    }
    return out + "9GetTypeIdEv";
}

/**
 * The base address of the shared object (or executable) that defines <typeName>::GetTypeId().
 * @param typeName a TypeId name
 * @return the base address, or nullptr if no loaded object defines the function
 */
const void*
DefiningObject(const std::string& typeName)
{
    const std::string symbol = MangledGetTypeId(typeName);
    if (symbol.empty())
    {
        return nullptr;
    }
    void* address = dlsym(RTLD_DEFAULT, symbol.c_str());
    Dl_info info;
    if (address == nullptr || dladdr(address, &info) == 0)
    {
        return nullptr;
    }
    return info.dli_fbase;
}

/**
 * Text for a Doxygen comment: the characters Doxygen would take as commands, HTML, line ends or
 * the end of the comment escaped, so that a help string reads as written.
 * @param text plain text
 * @return the text as Doxygen input
 */
std::string
Escape(const std::string& text)
{
    std::string out;
    for (char c : text)
    {
        switch (c)
        {
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '&':
            out += "&amp;";
            break;
        case '\\':
        case '@':
        case '%':
        case '#':
        case '$':
            out += '\\';
            out += c;
            break;
        case '\n':
            out += ' ';
            break;
        case '/': // "*/" would end the comment the page is written in
            out += (!out.empty() && out.back() == '*') ? " /" : "/";
            break;
        default:
            out += c;
        }
    }
    return out;
}

/**
 * The Doxygen section label of a TypeId: atm-introspected- and its name with "::" (or any other
 * character a label cannot hold) as "-", e.g. atm-introspected-ns3-AtmSwitch.
 * @param name a TypeId name
 * @return the label
 */
std::string
Label(const std::string& name)
{
    std::string out = "atm-introspected-";
    for (std::size_t i = 0; i < name.size(); ++i)
    {
        const char c = name[i];
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_')
        {
            out += c;
        }
        else if (out.back() != '-')
        {
            out += '-';
        }
    }
    return out;
}

/**
 * A count and a noun, plural unless the count is 1.
 * @param n the count
 * @param noun the noun, singular
 * @return e.g. "1 attribute", "3 trace sources"
 */
std::string
Count(std::size_t n, const std::string& noun)
{
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

/**
 * A support level in words, or an empty string for a supported attribute or trace source.
 * @param level the support level
 * @param message its message
 * @return the words
 */
std::string
Support(ns3::TypeId::SupportLevel level, const std::string& message)
{
    switch (level)
    {
    case ns3::TypeId::SupportLevel::SUPPORTED:
        return "";
    case ns3::TypeId::SupportLevel::DEPRECATED:
        return "deprecated" + (message.empty() ? "" : ": " + Escape(message));
    case ns3::TypeId::SupportLevel::OBSOLETE:
        return "obsolete" + (message.empty() ? "" : ": " + Escape(message));
    }
    return "";
}

/**
 * Print the section of one TypeId.
 * @param os the output
 * @param tid the TypeId
 */
void
PrintTypeId(std::ostream& os, ns3::TypeId tid)
{
    using ns3::TypeId;
    const std::string name = tid.GetName();
    os << "@section " << Label(name) << " " << name << "\n\n";
    os << "Class " << name << " (@ref atm-introspected-index \"index\"); parent "
       << tid.GetParent().GetName() << "; group " << Escape(tid.GetGroupName()) << "; "
       << (tid.HasConstructor() ? "CreateObject/ObjectFactory can create it"
                                : "no constructor registered (abstract or created by the module)")
       << ".\n\n";

    os << "<b>Attributes</b>\n";
    if (tid.GetAttributeN() == 0)
    {
        os << "\nNone of its own.\n\n";
    }
    else
    {
        os << "<ul>\n";
        for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
        {
            const TypeId::AttributeInformation info = tid.GetAttribute(i);
            os << "<li><b>" << Escape(info.name) << "</b>: " << Escape(info.help) << "\n<ul>\n";
            os << "<li>Type: " << Escape(info.checker->GetValueTypeName()) << "</li>\n";
            if (info.checker->HasUnderlyingTypeInformation())
            {
                os << "<li>Underlying type: "
                   << Escape(info.checker->GetUnderlyingTypeInformation()) << "</li>\n";
            }
            std::string initial = info.initialValue->SerializeToString(info.checker);
            os << "<li>Initial value: " << (initial.empty() ? "(empty)" : Escape(initial))
               << "</li>\n";
            std::string flags;
            if (info.flags & TypeId::ATTR_CONSTRUCT)
            {
                flags += " construct";
            }
            if ((info.flags & TypeId::ATTR_SET) && info.accessor->HasSetter())
            {
                flags += " write";
            }
            if ((info.flags & TypeId::ATTR_GET) && info.accessor->HasGetter())
            {
                flags += " read";
            }
            os << "<li>Flags:" << (flags.empty() ? " none" : flags) << "</li>\n";
            const std::string support = Support(info.supportLevel, info.supportMsg);
            if (!support.empty())
            {
                os << "<li>Support: " << support << "</li>\n";
            }
            os << "</ul></li>\n";
        }
        os << "</ul>\n\n";
    }

    os << "<b>Trace sources</b>\n";
    if (tid.GetTraceSourceN() == 0)
    {
        os << "\nNone of its own.\n\n";
    }
    else
    {
        os << "<ul>\n";
        for (std::size_t i = 0; i < tid.GetTraceSourceN(); ++i)
        {
            const TypeId::TraceSourceInformation info = tid.GetTraceSource(i);
            os << "<li><b>" << Escape(info.name) << "</b>: " << Escape(info.help) << "\n<ul>\n";
            os << "<li>Callback signature: "
               << (info.callback.empty() ? "(not given)" : Escape(info.callback)) << "</li>\n";
            const std::string support = Support(info.supportLevel, info.supportMsg);
            if (!support.empty())
            {
                os << "<li>Support: " << support << "</li>\n";
            }
            os << "</ul></li>\n";
        }
        os << "</ul>\n\n";
    }
}

} // namespace

int
main(int argc, char* argv[])
{
    using ns3::TypeId;
    if (argc > 1)
    {
        std::cerr << "usage: " << argv[0] << " > introspected.h\n"
                  << "Prints the atm module's TypeIds (attributes, trace sources) as a Doxygen "
                     "page.\n";
        return 1;
    }
    // The anchor: a TypeId of the module, registered by the module library's static constructors
    // like every other (looked up here so that the library is linked and loaded).
    const std::string anchor = ns3::AtmNetDevice::GetTypeId().GetName();
    const void* module = DefiningObject(anchor);
    const void* core = DefiningObject(ns3::Object::GetTypeId().GetName());
    if (module == nullptr || module == core)
    {
        std::cerr << argv[0] << ": cannot tell the atm module's TypeIds from ns-3's (" << anchor
                  << "::GetTypeId() " << (module == nullptr ? "not found" : "in ns-3's object")
                  << "; a static build?)\n";
        return 1;
    }
    std::vector<TypeId> tids;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId tid = TypeId::GetRegistered(i);
        if (DefiningObject(tid.GetName()) == module)
        {
            tids.push_back(tid);
        }
    }
    if (tids.empty())
    {
        std::cerr << argv[0] << ": no TypeId of the atm module is registered\n";
        return 1;
    }
    std::sort(tids.begin(), tids.end(), [](TypeId a, TypeId b) {
        return a.GetName() < b.GetName();
    });

    std::ostringstream os;
    os << "/* Generated by utils/atm-print-introspected-doxygen.cc: do not edit. */\n\n"
       << "/**\n"
       << "@page atm-introspected Attributes and trace sources\n\n"
       << "The attributes and trace sources of the " << tids.size()
       << " TypeIds of the atm module, as registered by the module library (generated by "
          "utils/atm-print-introspected-doxygen.cc). Attributes are set with "
          "ns3::Config::SetDefault, an ns3::ObjectFactory or the object's SetAttribute; trace "
          "sources are connected with the object's TraceConnectWithoutContext or "
          "ns3::Config::Connect. Each section lists the TypeId's own attributes and trace "
          "sources; those of its parent are in the parent's section or ns-3's documentation.\n\n"
       << "@section atm-introspected-index TypeIds\n\n";
    for (const TypeId& tid : tids)
    {
        os << "- @ref " << Label(tid.GetName()) << " \"" << tid.GetName() << "\" ("
           << Count(tid.GetAttributeN(), "attribute") << ", "
           << Count(tid.GetTraceSourceN(), "trace source") << ")\n";
    }
    os << "\n";
    for (const TypeId& tid : tids)
    {
        PrintTypeId(os, tid);
    }
    os << "*/\n";
    std::cout << os.str();
    return 0;
}
